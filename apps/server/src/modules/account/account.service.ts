import {
  liveEvent,
  type AccountExport,
  type AccountStatus,
  type CreateUserBody,
  type EditUserBody,
  type EditUserResponse,
  type InterfaceLocale,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../auth/authenticate';
import { exportSessions, keepOnlyThisSession } from '../auth/auth.service';
import { deleteOwnCards, exportOwnCards } from '../cards/cards.service';
import { leaveAllDecks } from '../categories/decks.service';
import { exportOwnCategories } from '../categories/members.service';
import { listOwnFeedback } from '../feedback/feedback.service';
import { readStudySettings } from '../study/study-settings.service';
import { exportStudy, startCombo } from '../study/study.service';
import { takeAllowance } from '../rate-limits/rate-limits.service';
import { applyUserEdit, checkUserEdit } from '../users/edit-user.service';
import {
  createUser,
  deleteUser,
  emailAddressKey,
  exportUser,
  getAccountStatus as getUserAccountStatus,
  removeUser,
} from '../users/users.service';
import type { Db } from '../../db/database';
import {
  mailEmailChange,
  pendingEmailChange,
  startEmailChange,
} from '../verification/email-change.service';
import { sendEmailInUseNotice, sendVerificationEmail } from '../verification/verification.service';
import { currentPlan } from '../subscriptions/subscriptions.service';

// The learner's account as a whole: the calls that take the user, their sessions, their mail and
// their data together, so that none of those modules needs another.

/**
 * POST /api/user/create. An e-mail that already has an account answers the same 201 as a success,
 * creates nothing and tells the address's owner, so sign-up cannot reveal who has an account. The
 * mail it sends is counted against the address, whether or not it has an account.
 */
export async function signUp(
  deps: AppDeps,
  body: CreateUserBody,
  locale: InterfaceLocale = 'en',
): Promise<void> {
  await takeAllowance(deps, 'mailsPerAddress', emailAddressKey(body.email));
  const user = await createUser(deps, body, startCombo, locale);
  if (user === 'email_in_use') await sendEmailInUseNotice(deps, body.email);
  else await sendVerificationEmail(deps, user);
}

/**
 * POST /api/user/edit: any subset of the editable fields, all or nothing in one transaction,
 * limited per account. A password change rotates the security stamp, ends every other session
 * and answers a new pair for this one. A new e-mail address changes nothing yet: its link is
 * mailed to it (or, when another account has it, that account is told instead), the current
 * address is told, and the answer is the same either way; the change, and the stamp's rotation,
 * happen when the link is followed (decision 0017).
 */
export async function editUser(
  deps: AppDeps,
  auth: AuthContext,
  body: EditUserBody,
): Promise<EditUserResponse> {
  await takeAllowance(deps, 'editsPerUser', auth.userId);
  const edit = await checkUserEdit(deps, auth.userId, body);
  if (edit.emailChangeTo !== undefined) {
    await takeAllowance(deps, 'mailsPerUser', auth.userId);
    await takeAllowance(deps, 'mailsPerAddress', emailAddressKey(edit.emailChangeTo));
  }
  const now = deps.now();
  const { emailChange, tokens } = await deps.db.transaction().execute(async (trx) => {
    const outcome = await applyUserEdit(trx, edit, now);
    const tokens =
      outcome.securityStamp === undefined
        ? { access: null, refresh: null }
        : await keepOnlyThisSession(deps, trx, auth, outcome.securityStamp);
    const emailChange =
      outcome.emailChange && (await startEmailChange(trx, outcome.emailChange, now));
    return { emailChange, tokens };
  });
  deps.live.publish(
    liveEvent('settings.changed', {
      scope: 'user',
      fields: Object.keys(body).filter((field) => field !== 'currentPassword'),
    }),
    { kind: 'user', userId: auth.userId },
  );
  // A new password or address ended the other sessions: their sockets close.
  if (tokens.access !== null) deps.live.sessionsChanged(auth.userId);
  if (emailChange) await mailEmailChange(deps, emailChange);
  return tokens;
}

/** GET /api/user/account: the account's facts and the e-mail change waiting for its link. */
export async function getAccountStatus(deps: AppDeps, userId: string): Promise<AccountStatus> {
  return {
    ...(await getUserAccountStatus(deps, userId)),
    // The subscription's part of the plan (decision 0034): the user row alone knows isFreeloaded.
    plan: await currentPlan(deps, deps.db, userId),
    pendingEmail: await pendingEmailChange(deps, userId),
  };
}

/**
 * POST /api/user/delete: once the password is checked, the learner's cards go a few thousand per
 * statement (100,000 in one would hold SQLite's one writer for seconds, every other learner's
 * writes waiting), then the user's row with everything left (ON DELETE CASCADE). Interrupted, the
 * account stays with fewer cards, and deleting it again finishes.
 */
export async function deleteAccount(
  deps: AppDeps,
  userId: string,
  currentPassword: string,
): Promise<void> {
  await deleteUser(
    deps,
    userId,
    currentPassword,
    () => deleteOwnCards(deps, userId),
    // The decks they joined count one learner fewer (the joins would go by cascade, uncounted).
    (trx) => leaveAllDecks(trx, userId),
  );
  // Its sessions went with it: every socket of the account closes.
  deps.live.sessionsChanged(userId);
}

/**
 * An admin's deletion of an account (no password): the same steps as the learner's own, with
 * `withRow` on the transaction that removes the row (the audit entry). False when it was gone.
 */
export async function removeAccount(
  deps: AppDeps,
  userId: string,
  withRow: (trx: Db) => Promise<void>,
): Promise<boolean> {
  const removed = await removeUser(
    deps,
    userId,
    () => deleteOwnCards(deps, userId),
    async (trx) => {
      await leaveAllDecks(trx, userId);
      await withRow(trx);
    },
  );
  deps.live.sessionsChanged(userId);
  return removed;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/user/export: everything the learner owns, never another learner's data. */
export async function exportAccount(deps: AppDeps, userId: string): Promise<AccountExport> {
  const user = await exportUser(deps, userId);
  const now = deps.now();
  return {
    format: 'glossa-export',
    version: 1,
    exportedAt: iso(now),
    user,
    sessions: await exportSessions(deps, userId, now),
    feedback: await listOwnFeedback(deps, userId),
    categories: await exportOwnCategories(deps, userId),
    cards: await exportOwnCards(deps, userId),
    ...(await exportStudy(deps, userId)),
    studySettings: await readStudySettings(deps.db, userId),
  };
}

/** The file name offered by the browser's download: glossa-export-YYYY-MM-DD.json (UTC). */
export function exportFileName(now: number): string {
  return `glossa-export-${iso(now).slice(0, 10)}.json`;
}
