import type {
  AccountExport,
  CreateUserBody,
  EditUserBody,
  EditUserResponse,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../auth/authenticate';
import { exportSessions, keepOnlyThisSession } from '../auth/auth.service';
import { exportOwnCards } from '../cards/cards.service';
import { exportOwnCategories } from '../categories/members.service';
import { listOwnFeedback } from '../feedback/feedback.service';
import { exportStudy } from '../study/study.service';
import { applyUserEdit, checkUserEdit } from '../users/edit-user.service';
import { createUser, exportUser } from '../users/users.service';
import { sendEmailInUseNotice, sendVerificationEmail } from '../verification/verification.service';

// The learner's account as a whole: the calls that take the user, their sessions, their mail and
// their data together, so that none of those modules needs another.

/**
 * POST /api/user/create. An e-mail that already has an account answers the same 201 as a success,
 * creates nothing and tells the address's owner, so sign-up cannot reveal who has an account.
 */
export async function signUp(deps: AppDeps, body: CreateUserBody): Promise<void> {
  const user = await createUser(deps, body);
  if (user === 'email_in_use') await sendEmailInUseNotice(deps, body.email);
  else await sendVerificationEmail(deps, user);
}

/**
 * POST /api/user/edit: any subset of the editable fields, all or nothing in one transaction. An
 * e-mail or password change rotates the security stamp, ends every other session and answers a
 * new pair for this one; the address shown by /api/user/info stays the old one until verified.
 */
export async function editUser(
  deps: AppDeps,
  auth: AuthContext,
  body: EditUserBody,
): Promise<EditUserResponse> {
  const edit = await checkUserEdit(deps, auth.userId, body);
  const now = deps.now();
  const { outcome, tokens } = await deps.db.transaction().execute(async (trx) => {
    const outcome = await applyUserEdit(trx, edit, now);
    const tokens =
      outcome.securityStamp === undefined
        ? { access: null, refresh: null }
        : await keepOnlyThisSession(deps, trx, auth, outcome.securityStamp);
    return { outcome, tokens };
  });
  if (outcome.verify) await sendVerificationEmail(deps, outcome.verify);
  if (outcome.emailInUse !== undefined) await sendEmailInUseNotice(deps, outcome.emailInUse);
  return tokens;
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
  };
}

/** The file name offered by the browser's download: glossa-export-YYYY-MM-DD.json (UTC). */
export function exportFileName(now: number): string {
  return `glossa-export-${iso(now).slice(0, 10)}.json`;
}
