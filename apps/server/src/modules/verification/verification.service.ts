import type { VerifyEmailResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict } from '../../errors';
import { verifyEmailMail } from '../../mail/templates';
import { takeAllowance } from '../rate-limits/rate-limits.service';
import { findUser, markEmailVerified, sameEmailAddress, userLocale } from '../users/users.service';
import { confirmEmailChangeLink } from './email-change.service';
import { appUrl } from './notices';
import {
  consumeToken,
  findOneTimeToken,
  issueOneTimeToken,
  staleAddressError,
  usableToken,
} from './one-time-tokens';
import type { OneTimeTokenRow } from './one-time-tokens.repository';

export { sendEmailInUseNotice } from './notices';

export interface VerificationRecipient {
  id: string;
  username: string;
  email: string;
}

const verifyEmailUrl = (deps: AppDeps, token: string) =>
  appUrl(deps, `/app/verify-email?token=${encodeURIComponent(token)}`);

/** Issues a verification token for the address and mails its link; failures propagate. */
async function mailVerificationLink(deps: AppDeps, user: VerificationRecipient): Promise<void> {
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    kind: 'verify_email',
    email: user.email,
    now: deps.now(),
  });
  const locale = await userLocale(deps.db, user.id);
  await deps.mailer.send(
    verifyEmailMail(user.email, user.username, verifyEmailUrl(deps, token), locale),
  );
}

/**
 * Called after sign-up and e-mail change have committed. A mail failure must not turn the
 * committed change into a 500: it is logged at error level and the learner can resend the link.
 */
export async function sendVerificationEmail(
  deps: AppDeps,
  user: VerificationRecipient,
): Promise<void> {
  try {
    await mailVerificationLink(deps, user);
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'could not send the verification mail');
  }
}

/**
 * POST /api/user/verify-email/resend: a fresh link, limited per account; an already verified
 * address is a 409.
 */
export async function resendVerificationEmail(deps: AppDeps, userId: string): Promise<void> {
  await takeAllowance(deps, 'mailsPerUser', userId);
  const user = await findUser(deps.db, { id: userId });
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  if (user.emailVerified) throw conflict('email', 'Your e-mail address is already verified');
  await mailVerificationLink(deps, { id: user.id, username: user.username, email: user.email });
}

/**
 * POST /api/admin/users/:id/resend-verification: a fresh link for the user, counted against the
 * same per-account allowance as their own resends; 404 for no such user, 409 when verified.
 */
export async function resendVerificationFor(deps: AppDeps, userId: string): Promise<void> {
  const user = await findUser(deps.db, { id: userId });
  if (!user) throw new AppError('not_found', 'This user does not exist');
  if (user.emailVerified) throw conflict('email', 'This e-mail address is already verified');
  await takeAllowance(deps, 'mailsPerUser', userId);
  await mailVerificationLink(deps, { id: user.id, username: user.username, email: user.email });
}

/**
 * The address a verification link was sent to, when it no longer works (used, replaced by a newer
 * one, expired) but that address is the account's and verified: the link was opened again (a
 * second click, another device), which is no failure.
 */
async function verifiedAddressOf(deps: AppDeps, row: OneTimeTokenRow | undefined, now: number) {
  if (row?.kind !== 'verify_email' || (row.used_at === null && row.expires_at > now)) return null;
  const user = await findUser(deps.db, { id: row.user_id });
  return user?.emailVerified && sameEmailAddress(user.email, row.email) ? user.email : null;
}

/**
 * POST /api/user/verify-email: the link proves the inbox of the address it was sent to, which then
 * counts as verified, or, for the link of an e-mail change, becomes the account's address. A
 * verification link that no longer works, for an address verified since, answers
 * `already_verified`.
 */
export async function verifyEmail(deps: AppDeps, token: string): Promise<VerifyEmailResult> {
  const now = deps.now();
  const found = await findOneTimeToken(deps.db, token);
  const verified = await verifiedAddressOf(deps, found, now);
  if (verified !== null) return { outcome: 'already_verified', email: verified };
  const row = usableToken(found, ['verify_email', 'change_email'], now);
  if (row.kind === 'change_email') {
    return { outcome: 'changed', email: await confirmEmailChangeLink(deps, row) };
  }
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, { id: row.user_id });
    // The address changed since the link was sent: the old inbox proves nothing about the new.
    if (!user || !sameEmailAddress(user.email, row.email)) throw staleAddressError();
    await consumeToken(trx, row, now);
    await markEmailVerified(trx, user.id, now);
  });
  return { outcome: 'verified', email: row.email };
}
