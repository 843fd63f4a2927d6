import type { AppDeps } from '../../app-deps';
import { invalidInput } from '../../errors';
import { resetPasswordMail } from '../../mail/templates';
import { assertAcceptablePassword, hashPassword } from '../../security/passwords';
import { endAllSessions } from '../auth/auth.service';
import { forgetFailedSignIns } from '../auth/sign-in-throttle.service';
import { takeAllowance } from '../rate-limits/rate-limits.service';
import {
  emailAddressKey,
  findUser,
  resetUserPassword,
  sameEmailAddress,
  userLocale,
} from '../users/users.service';
import {
  consumeToken,
  findUsableToken,
  issueOneTimeToken,
  staleAddressError,
} from './one-time-tokens';

const resetPasswordUrl = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/app/reset-password?token=${encodeURIComponent(token)}`;

/**
 * POST /api/user/forget-password: counted against the address (whether or not it has an account,
 * so a refusal tells nothing), then the link is mailed after the answer is sent, so that a known
 * and an unknown address take the same time to answer.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  await takeAllowance(deps, 'mailsPerAddress', emailAddressKey(email));
  deps.background.run(() => mailPasswordResetLink(deps, email), 'could not mail a reset link');
}

/** Mails a reset link to an enabled account with this address; nothing for any other. */
async function mailPasswordResetLink(deps: AppDeps, email: string): Promise<void> {
  const user = await findUser(deps.db, { email });
  if (!user || user.disabled) return;
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    kind: 'reset_password',
    email: user.email,
    now: deps.now(),
  });
  await deps.mailer.send(
    resetPasswordMail(
      user.email,
      user.username,
      resetPasswordUrl(deps, token),
      await userLocale(deps.db, user.id),
    ),
  );
}

/**
 * POST /api/user/reset-password: the new password, a new security stamp (every access token
 * dies) and every session revoked, with the token used, in one transaction. The link also
 * proves the inbox, so the address counts as verified.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const row = await findUsableToken(deps.db, token, ['reset_password'], deps.now());
  const owner = await findUser(deps.db, { id: row.user_id });
  assertAcceptablePassword(password, { username: owner?.username, email: owner?.email });
  // Hashing is slow on purpose: done before the write transaction, which it would hold open.
  const passwordHash = await hashPassword(password, deps.passwordCost);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, { id: row.user_id });
    if (!user || user.disabled) throw invalidInput('token', 'This link is not valid any more.');
    if (!sameEmailAddress(user.email, row.email)) throw staleAddressError();
    await consumeToken(trx, row, now);
    await resetUserPassword(trx, user.id, passwordHash, now);
    await endAllSessions(trx, user.id, now);
    // The new password is not the one anyone was guessing: its owner may sign in at once.
    await forgetFailedSignIns(deps, trx, [user.username, user.email]);
  });
  deps.live.sessionsChanged(row.user_id);
}
