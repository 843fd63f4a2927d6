import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import styles from '../study.module.css';
import type { OutboxStatus } from '../api/review-outbox';

export interface SyncStatusProps {
  status: OutboxStatus;
  online: boolean;
  onSyncNow: () => void;
}

function waitingText(count: number): string {
  return count === 1 ? '1 answer waiting to sync' : `${count} answers waiting to sync`;
}

/** Offline, and how many answers wait on this device; announced politely as it changes. */
export function SyncStatus({ status, online, onSyncNow }: SyncStatusProps) {
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
  }
  return (
    <div className={styles.syncStatus} data-state={text ? undefined : 'idle'}>
      <div role="status" aria-live="polite" className={styles.syncText}>
        {text ? (
          <>
            <Icon name={online ? 'sync' : 'offline'} size={18} />
            <p>
              <strong>{text}</strong>
              {detail ? (
                <>
                  {' '}
                  <span className={styles.syncDetail}>{detail}</span>
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
