import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/spinner';
import { Button } from '../../../components/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import { useResendVerification } from '../../../lib/auth';
import { useVerifyEmail } from '../api/auth-requests';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';

export default function VerifyEmailPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Verify your e-mail`));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const session = useSession();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A verification link works once: never send the same token twice (Strict Mode runs effects
  // twice in development).
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <Failure
        signedIn={session !== null}
        reason={t`This link is incomplete: it has no token. Open the link from the e-mail again.`}
      />
    );
  }
  if (verify.isError) {
    return <Failure signedIn={session !== null} reason={failureReason(verify.error)} />;
  }
  const email = verify.data?.email;
  if (verify.isSuccess && verify.data.outcome === 'changed') {
    return (
      <AuthCard title={t`Your e-mail address is changed`}>
        <div className={styles.panel} role="status">
          <p>
            <Trans>
              Your account&apos;s address is now <strong>{email}</strong>. For your safety every
              device was signed out: sign in again with the new address.
            </Trans>
          </p>
          <Link to={paths.auth.login.getHref(paths.app.settingsAuthentification.getHref())}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (verify.isSuccess && verify.data.outcome === 'already_verified') {
    return (
      <AuthCard title={t`Your e-mail is already verified`}>
        <div className={styles.panel} role="status">
          <p>
            <Trans>
              This link was used before: <strong>{email}</strong> is verified, and there is nothing
              more to do.
            </Trans>
          </p>
          {session ? (
            <Link to={paths.app.dashboard.getHref()}>
              <Trans>Go to your dashboard</Trans>
            </Link>
          ) : (
            <Link to={paths.auth.login.getHref()}>
              <Trans>Sign in</Trans>
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <AuthCard title={t`Your e-mail is verified`}>
        <div className={styles.panel} role="status">
          <p>
            <Trans>
              Thank you. Your address is confirmed, so you can reset your password with it.
            </Trans>
          </p>
          {session ? (
            <Link to={paths.app.dashboard.getHref()}>
              <Trans>Go to your dashboard</Trans>
            </Link>
          ) : (
            <Link to={paths.auth.login.getHref()}>
              <Trans>Sign in</Trans>
            </Link>
          )}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Verifying your e-mail`}>
      <PageSpinner label={t`Verifying your e-mail…`} />
    </AuthCard>
  );
}

/** Called while rendering: `translate` reads the active language then. */
function failureReason(error: Error): string {
  if (error instanceof ApiError && (error.code === 'network_error' || error.status >= 500)) {
    const { message } = error;
    return translate`${message} Reload the page to try again.`;
  }
  return translate`This link has expired or was already used. Verification links work once, for 24 hours.`;
}

function Failure({ reason, signedIn }: { reason: string; signedIn: boolean }) {
  const { t } = useLingui();
  const resend = useResendVerification();
  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => toast.success(t`A new verification link is on its way. Check your inbox.`),
      onError: (error) => toast.failure(error.message),
    });
  };
  return (
    <AuthCard title={t`This link cannot be used`}>
      <div className={styles.panel}>
        <p role="alert">{reason}</p>
        {signedIn ? (
          <>
            <p>
              <Trans>Ask for a new link: it goes to the address of your account.</Trans>
            </p>
            <Button
              variant="secondary"
              onClick={onResend}
              disabled={resend.isPending || resend.isSuccess}
            >
              {resend.isPending ? (
                <Trans>Sending…</Trans>
              ) : resend.isSuccess ? (
                <Trans>Link sent</Trans>
              ) : (
                <Trans>Send a new link</Trans>
              )}
            </Button>
          </>
        ) : (
          <p>
            <Trans>
              <Link to={paths.auth.login.getHref(paths.app.settingsAuthentification.getHref())}>
                Sign in
              </Link>{' '}
              to ask for a new link from your settings.
            </Trans>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
