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

function waitingText(count: number): string {
  return count === 1 ? '1 answer waiting to sync' : `${count} answers waiting to sync`;
}

/**
 * Offline, whether the cards come from this device, and how many answers wait on it; announced
 * politely as it changes.
 */
export function SyncStatus({ status, online, savedAt, onSyncNow }: SyncStatusProps) {
  let text: string | null = null;
  let detail: string | null = null;
  if (status.pending > 0) {
    text = waitingText(status.pending);
    if (!online) detail = 'You are offline: they are sent when the connection is back.';
    else if (status.sending) detail = 'Sending…';
    else if (status.lastError) detail = `Not sent yet (${status.lastError}); trying again soon.`;
  } else if (!online) {
    text = 'You are offline';
    detail = 'Keep answering: your answers stay on this device and are sent when you are back.';
  } else if (savedAt !== null) {
    // The browser reports a network, yet the server did not answer when the session started.
    text = 'Studying offline';
    detail = 'The server could not be reached. Keep answering: your answers stay on this device.';
  }
  const icon = online && status.pending > 0 ? 'sync' : 'offline';
  const kept =
    text && savedAt !== null
      ? `These are the cards saved on this device ${formatAgo(savedAt)}.`
      : null;
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
          Sync now
        </Button>
      ) : null}
    </div>
  );
}
