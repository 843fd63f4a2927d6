import type { AppDeps } from '../../app-deps';
import { AppError, conflict } from '../../errors';
import { emailInUseMail, verifyEmailMail } from '../../mail/templates';
import { findUser, markEmailVerified, sameEmailAddress } from '../users/users.service';
import {
  consumeToken,
  findUsableToken,
  issueOneTimeToken,
  staleAddressError,
} from './one-time-tokens';

export interface VerificationRecipient {
  id: string;
  username: string;
  email: string;
}

const verifyEmailUrl = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/app/verify-email?token=${encodeURIComponent(token)}`;

/** Issues a verification token for the address and mails its link; failures propagate. */
async function mailVerificationLink(deps: AppDeps, user: VerificationRecipient): Promise<void> {
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    kind: 'verify_email',
    email: user.email,
    now: deps.now(),
  });
  await deps.mailer.send(verifyEmailMail(user.email, user.username, verifyEmailUrl(deps, token)));
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
 * An address that already has an account was used to sign up or was asked for in an e-mail
 * change: its owner is told, and the caller answers as if nothing happened (no enumeration).
 */
export async function sendEmailInUseNotice(deps: AppDeps, email: string): Promise<void> {
  try {
    const owner = await findUser(deps.db, { email });
    if (!owner) return;
    const { publicUrl } = deps.config;
    await deps.mailer.send(
      emailInUseMail(owner.email, `${publicUrl}/login`, `${publicUrl}/forget-password`),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not send the address-in-use notice');
  }
}

/** POST /api/user/verify-email/resend: a fresh link; an already verified address is a 409. */
export async function resendVerificationEmail(deps: AppDeps, userId: string): Promise<void> {
  const user = await findUser(deps.db, { id: userId });
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  if (user.emailVerified) throw conflict('email', 'Your e-mail address is already verified');
  await mailVerificationLink(deps, { id: user.id, username: user.username, email: user.email });
}

/** POST /api/user/verify-email: the link proves the inbox of the address it was sent to. */
export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  const now = deps.now();
  const row = await findUsableToken(deps.db, token, 'verify_email', now);
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, { id: row.user_id });
    // The address changed since the link was sent: the old inbox proves nothing about the new.
    if (!user || !sameEmailAddress(user.email, row.email)) throw staleAddressError();
    await consumeToken(trx, row, now);
    await markEmailVerified(trx, user.id, now);
  });
}
