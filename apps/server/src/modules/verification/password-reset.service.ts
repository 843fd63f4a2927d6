import type { AppDeps } from '../../app-deps';
import { invalidInput } from '../../errors';
import { resetPasswordMail } from '../../mail/templates';
import { assertAcceptablePassword, hashPassword } from '../../security/passwords';
import { endAllSessions } from '../auth/auth.service';
import { findUser, resetUserPassword, sameEmailAddress } from '../users/users.service';
import {
  consumeToken,
  findUsableToken,
  issueOneTimeToken,
  staleAddressError,
} from './one-time-tokens';

const resetPasswordUrl = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/app/reset-password?token=${encodeURIComponent(token)}`;

/**
 * The work behind POST /api/user/forget-password, run after the answer is sent so a known and an
 * unknown address take the same time to answer. Mails a link only to an enabled account.
 */
export async function mailPasswordResetLink(deps: AppDeps, email: string): Promise<void> {
  const user = await findUser(deps.db, { email });
  if (!user || user.disabled) return;
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    kind: 'reset_password',
    email: user.email,
    now: deps.now(),
  });
  await deps.mailer.send(
    resetPasswordMail(user.email, user.username, resetPasswordUrl(deps, token)),
  );
}

/**
 * POST /api/user/reset-password: the new password, a new security stamp (every access token
 * dies) and every session revoked, with the token used, in one transaction. The link also
 * proves the inbox, so the address counts as verified.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const row = await findUsableToken(deps.db, token, 'reset_password', deps.now());
  assertAcceptablePassword(password, 'password');
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
  });
}
