import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import styles from './sync-status.module.css';
import type { OutboxStatus } from '../api/review-outbox';
import { formatAgo } from '../../../lib/dates';

export interface SyncStatusProps {
  status: OutboxStatus;
  online: boolean;
  /** Set when the session's cards are the copy kept on this device: when the server sent them. */
  savedAt: number | null;
  onSyncNow: () => void;
}

/**
 * Offline, whether the cards come from this device, and how many answers wait on it; announced
 * politely as it changes.
 */
export function SyncStatus({ status, online, savedAt, onSyncNow }: SyncStatusProps) {
  const { t } = useLingui();
  let text: string | null = null;
  let detail: string | null = null;
  const { pending, lastError } = status;
  if (pending > 0) {
    text = t`${plural(pending, {
      one: '# answer waiting to sync',
      other: '# answers waiting to sync',
    })}`;
    if (!online) detail = t`You are offline: they are sent when the connection is back.`;
    else if (status.sending) detail = t`Sending…`;
    else if (lastError) detail = t`Not sent yet (${lastError}); trying again soon.`;
  } else if (!online) {
    text = t`You are offline`;
    detail = t`Keep answering: your answers stay on this device and are sent when you are back.`;
  } else if (savedAt !== null) {
    // The browser reports a network, yet the server did not answer when the session started.
    text = t`Studying offline`;
    detail = t`The server could not be reached. Keep answering: your answers stay on this device.`;
  }
  const icon = online && pending > 0 ? 'sync' : 'offline';
  let kept: string | null = null;
  if (text && savedAt !== null) {
    // "1 hour ago", "just now": lib/dates.ts, in the interface language.
    const ago = formatAgo(savedAt);
    kept = t`These are the cards saved on this device ${ago}.`;
  }
  return (
    <div className={styles.syncStatus} data-state={text ? undefined : 'idle'}>
      <div role="status" aria-live="polite" className={styles.syncText}>
        {text ? (
          <>
            <Icon name={icon} size={18} />
            <p>
              <strong>{text}</strong>
              {detail ? (
                <>
                  {' '}
                  <span className={styles.syncDetail}>{detail}</span>
                </>
              ) : null}
              {kept ? (
                <>
                  {' '}
                  <span className={styles.syncDetail}>{kept}</span>
                </>
              ) : null}
            </p>
          </>
        ) : null}
      </div>
      {status.pending > 0 && online && !status.sending ? (
        <Button variant="secondary" size="sm" onClick={onSyncNow}>
          <Trans>Sync now</Trans>
        </Button>
      ) : null}
    </div>
  );
}
