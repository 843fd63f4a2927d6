import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useAccount, useResendVerification, useSession, useUser } from '../lib/auth';
import { rememberedUnverified, rememberVerification } from '../lib/verification-memory';
import { Icon } from './icon';
import styles from './verify-email-banner.module.css';

/**
 * A quiet line under the app header while the learner's address is not verified, with a way to
 * mail the link again (the server limits how often: decision 0017, its 429 shown here). It goes
 * when the account says verified (the verify page refreshes it; other tabs on focus). While the
 * account loads it shows as it did last time on this device, so it does not push the page down.
 */
export function VerifyEmailBanner() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const account = useAccount();
  const user = useUser();
  const resend = useResendVerification();
  const userId = useSession()?.decodedAccessToken.payload.userId ?? null;
  const verified = account.data?.emailVerified;
  useEffect(() => {
    if (userId && verified !== undefined) rememberVerification(userId, verified);
  }, [userId, verified]);
  // The verify page itself is where the link is being followed.
  if (pathname.startsWith(paths.app.verifyEmail.path)) return null;
  // Until the account arrives, what it said last time on this device (no banner if unknown).
  const unverified =
    verified === undefined ? userId !== null && rememberedUnverified(userId) : !verified;
  if (!unverified) return null;
  const email = user.data?.email;

  return (
    <aside className={styles.banner} aria-label={t`E-mail verification`}>
      <div className={styles.inner}>
        <Icon name="mail" size={16} className={styles.icon} />
        <p className={styles.text}>
          {email ? (
            <Trans>
              Confirm your e-mail address with the link we sent to{' '}
              <strong className={styles.email}>{email}</strong>.
            </Trans>
          ) : (
            <Trans>Confirm your e-mail address with the link we sent.</Trans>
          )}
        </p>
        {resend.isSuccess ? (
          <p className={styles.done} role="status">
            <Trans>A new link is on its way.</Trans>
          </p>
        ) : (
          <button
            type="button"
            className={styles.resend}
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
          >
            {resend.isPending ? t`Sending…` : t`Send it again`}
          </button>
        )}
        {resend.isError ? (
          <p className={styles.error} role="alert">
            {resend.error.message}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
