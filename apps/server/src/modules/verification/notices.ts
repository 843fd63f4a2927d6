import type { AppDeps } from '../../app-deps';
import { emailInUseMail } from '../../mail/templates';
import { findUser, userLocale } from '../users/users.service';

/** An address of the app: a page of the web app, as linked from mail. */
export const appUrl = (deps: AppDeps, pathAndQuery: string) =>
  `${deps.config.publicUrl}${pathAndQuery}`;

/**
 * An address that already has an account was used to sign up or was asked for in an e-mail
 * change: its owner is told, and the caller answers as if nothing happened (no enumeration).
 */
export async function sendEmailInUseNotice(deps: AppDeps, email: string): Promise<void> {
  try {
    const owner = await findUser(deps.db, { email });
    if (!owner) return;
    await deps.mailer.send(
      emailInUseMail(
        owner.email,
        appUrl(deps, '/login'),
        appUrl(deps, '/forget-password'),
        // The owner's language: the notice is for them, not for whoever tried the address.
        await userLocale(deps.db, owner.id),
      ),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not send the address-in-use notice');
  }
}
