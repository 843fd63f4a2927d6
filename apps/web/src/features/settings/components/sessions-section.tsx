import type { Session } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useLogout } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import {
  sessionsQueryOptions,
  useRevokeOtherSessions,
  useRevokeSession,
} from '../api/settings-requests';
import styles from '../settings.module.css';
import { describeUserAgent } from './describe-user-agent';

/** Settings › authentification: where the learner is signed in, and signing devices out. */
export function SessionsSection() {
  const { t } = useLingui();
  const sessions = useQuery(sessionsQueryOptions());
  const revokeOthers = useRevokeOtherSessions();
  const logout = useLogout();
  const busy = revokeOthers.isPending || logout.isPending;

  const onRevokeOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast.success(t`Every other session was signed out.`),
      onError: (error) => toast.failure(error.message),
    });

  const onSignOutEverywhere = async () => {
    try {
      await revokeOthers.mutateAsync();
    } catch (error) {
      toast.failure(error instanceof Error ? error.message : t`Signing out failed.`);
      return;
    }
    // useLogout goes to /login and shows the toasts itself: this section unmounts on the way.
    logout.mutate({ successMessage: t`You were signed out everywhere.` });
  };

  const items = sessions.data?.items ?? [];
  const others = items.filter((session) => !session.current).length;
  const errorMessage = sessions.error?.message;

  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">
        <Trans>Sessions</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Each device where you signed in. A session you do not recognise? Sign it out and change
          your password.
        </Trans>
      </p>
      {sessions.isPending ? (
        <Spinner label={t`Loading your sessions`} />
      ) : sessions.isError ? (
        <p role="alert">
          <Trans>Your sessions could not be loaded: {errorMessage}</Trans>
        </p>
      ) : (
        <ul className={styles.sessionList}>
          {items.map((session) => (
            <SessionItem key={session.tokenId} session={session} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={onRevokeOthers}
          loading={revokeOthers.isPending && !logout.isPending}
          disabled={busy || others === 0}
        >
          <Trans>Sign out all other sessions</Trans>
        </Button>
        <Button variant="danger" onClick={() => void onSignOutEverywhere()} disabled={busy}>
          <Trans>Sign out everywhere</Trans>
        </Button>
      </div>
    </section>
  );
}

function SessionItem({ session }: { session: Session }) {
  const { t } = useLingui();
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const signedIn = formatDateTime(session.createdAt);
  const lastUsed = formatDateTime(session.lastUsedAt);
  const onRevoke = () =>
    revoke.mutate(session.tokenId, {
      onSuccess: () => toast.success(t`${device} was signed out.`),
      onError: (error) => toast.failure(error.message),
    });

  return (
    <li className={styles.sessionItem} data-current={session.current}>
      <div>
        <p className={styles.sessionDevice} title={session.userAgent}>
          {device}
          {session.current ? (
            <span className={`${styles.badge} ${styles.badgeSuccess}`}>
              <Trans>This device</Trans>
            </span>
          ) : null}
        </p>
        <p className={styles.sessionTimes}>
          <Trans>
            Signed in {signedIn} · last used {lastUsed}
          </Trans>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={onRevoke}
          loading={revoke.isPending}
          aria-label={t`Sign out ${device}, last used ${lastUsed}`}
        >
          <Trans>Sign out</Trans>
        </Button>
      )}
    </li>
  );
}
