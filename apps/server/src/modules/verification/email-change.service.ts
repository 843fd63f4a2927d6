import type { InterfaceLocale } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError, invalidInput } from '../../errors';
import {
  confirmEmailChangeMail,
  emailChangedMail,
  emailChangeRequestedMail,
} from '../../mail/templates';
import { endAllSessions } from '../auth/auth.service';
import { takeAllowance } from '../rate-limits/rate-limits.service';
import { confirmEmailChange, emailAddressKey, findUser, userLocale } from '../users/users.service';
import {
  consumeToken,
  endUnusedTokens,
  findPendingToken,
  issueOneTimeToken,
} from './one-time-tokens';
import type { OneTimeTokenRow } from './one-time-tokens.repository';
import { appUrl, sendEmailInUseNotice } from './notices';

// An e-mail change takes effect only when the new address confirms a link (decision 0017). Until
// then the account keeps its address, and the change waits as a `change_email` one-time token
// bound to the new address. Whether that address has an account or not, the caller sees the same
// answers and the same waiting change; only the mail differs: a free address gets the link, a
// taken one's owner gets a notice, and no link exists that could confirm it.

const confirmUrl = (deps: AppDeps, token: string) =>
  appUrl(deps, `/app/verify-email?token=${encodeURIComponent(token)}`);
const settingsUrl = (deps: AppDeps) => appUrl(deps, '/app/settings/authentification');

/** A change asked for by an edit, written and ready to be mailed once its transaction commits. */
export interface StartedEmailChange {
  username: string;
  currentEmail: string;
  newEmail: string;
  /** The link's token, or undefined when the address belongs to another account. */
  token: string | undefined;
  /** The account's interface language: the link and the word to the current address use it. */
  locale: InterfaceLocale;
}

/**
 * Issues the change's link on the caller's transaction (ending an earlier change that waited). A
 * taken address gets a token too, one never mailed, so that the waiting change looks the same.
 */
export async function startEmailChange(
  trx: Db,
  change: { userId: string; username: string; currentEmail: string; newEmail: string },
  now: number,
): Promise<StartedEmailChange> {
  const taken = (await findUser(trx, { email: change.newEmail })) !== undefined;
  const token = await issueOneTimeToken(trx, {
    userId: change.userId,
    kind: 'change_email',
    email: change.newEmail,
    now,
  });
  return {
    username: change.username,
    currentEmail: change.currentEmail,
    newEmail: change.newEmail,
    token: taken ? undefined : token,
    locale: await userLocale(trx, change.userId),
  };
}

/**
 * Sends the mail of a started change: the link to the new address (or the in-use notice to its
 * owner), and word to the current address. A failure is logged, never turned into an error of
 * the committed change: the learner can ask for the link again.
 */
export async function mailEmailChange(deps: AppDeps, change: StartedEmailChange): Promise<void> {
  await sendChangeLink(deps, change);
  try {
    await deps.mailer.send(
      emailChangeRequestedMail(
        change.currentEmail,
        change.username,
        change.newEmail,
        settingsUrl(deps),
        change.locale,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not tell the current address of an e-mail change');
  }
}

async function sendChangeLink(deps: AppDeps, change: StartedEmailChange): Promise<void> {
  if (change.token === undefined) {
    await sendEmailInUseNotice(deps, change.newEmail);
    return;
  }
  try {
    await deps.mailer.send(
      confirmEmailChangeMail(
        change.newEmail,
        change.username,
        confirmUrl(deps, change.token),
        change.locale,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not send the e-mail change link');
  }
}

const noPendingChange = () => new AppError('not_found', 'No change of e-mail address is waiting');

/** The address a change waits to be confirmed by, or null. */
export async function pendingEmailChange(deps: AppDeps, userId: string): Promise<string | null> {
  return (await findPendingToken(deps.db, userId, 'change_email', deps.now()))?.email ?? null;
}

/**
 * POST /api/user/email-change/resend: a new link for the waiting change (the earlier one stops
 * working), limited per account and per address like the change itself; 404 when none waits.
 */
export async function resendEmailChange(deps: AppDeps, userId: string): Promise<void> {
  const user = await findUser(deps.db, { id: userId });
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  const pending = await findPendingToken(deps.db, userId, 'change_email', deps.now());
  if (!pending) throw noPendingChange();
  await takeAllowance(deps, 'mailsPerUser', userId);
  await takeAllowance(deps, 'mailsPerAddress', emailAddressKey(pending.email));
  const started = await deps.db
    .transaction()
    .execute((trx) =>
      startEmailChange(
        trx,
        { userId, username: user.username, currentEmail: user.email, newEmail: pending.email },
        deps.now(),
      ),
    );
  await sendChangeLink(deps, started);
}

/** DELETE /api/user/email-change: the waiting change ends and its link stops working. */
export async function cancelEmailChange(deps: AppDeps, userId: string): Promise<void> {
  await endUnusedTokens(deps.db, userId, 'change_email', deps.now());
}

/**
 * The link of a change was followed (POST /api/user/verify-email with a change_email token): the
 * new address replaces the old one, verified, with a new security stamp, and every session ends,
 * as after a password reset (the link may be followed on any device, so no session is the one to
 * keep); the old address is told. Answers the new address.
 */
export async function confirmEmailChangeLink(deps: AppDeps, row: OneTimeTokenRow): Promise<string> {
  const now = deps.now();
  const before = await deps.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, { id: row.user_id });
    if (!user || user.disabled) throw invalidInput('token', 'This link is not valid any more.');
    await consumeToken(trx, row, now);
    await confirmEmailChange(trx, user.id, row.email, now);
    // Links sent to the old address prove nothing about the new one.
    await endUnusedTokens(trx, user.id, 'verify_email', now);
    await endAllSessions(trx, user.id, now);
    return user;
  });
  deps.live.sessionsChanged(before.id);
  try {
    await deps.mailer.send(
      emailChangedMail(
        before.email,
        before.username,
        row.email,
        settingsUrl(deps),
        await userLocale(deps.db, before.id),
      ),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not tell the old address of an e-mail change');
  }
  return row.email;
}
