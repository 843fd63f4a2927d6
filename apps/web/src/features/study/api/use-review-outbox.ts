import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { addSocketHandler, loadCardCombo, setCardCombo } from '../../../lib/app-state';
import { resourceKeys } from '../../../lib/resource-keys';
import { toast } from '../../../lib/toast';
import { outboxStorageKey } from './outbox-storage';
import { reviewOutbox, type OutboxStatus } from './review-outbox';
import { studyQueueKeyRoot } from './study-requests';

const noStatus: OutboxStatus = { pending: 0, sending: false, retryAt: null, lastError: null };

/** The signed-in learner's waiting answers, following changes here and in other tabs. */
export function useReviewOutboxStatus(userId: string | null): OutboxStatus {
  return useSyncExternalStore(
    reviewOutbox.subscribe,
    () => (userId ? reviewOutbox.status(userId) : noStatus),
    () => noStatus,
  );
}

/**
 * Sends the learner's waiting answers while they are signed in, on any page: at start (answers
 * kept before a reload), when the browser comes back online, and on the outbox's own retries.
 * Once all have reached the server, its combo goes to the header and the card lists are read
 * again; an answer the server refused is reported.
 */
export function useReviewOutboxSync(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const flushNow = () => void reviewOutbox.flush(userId, { immediate: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === outboxStorageKey(userId)) reviewOutbox.refresh();
    };
    const offEvents = reviewOutbox.onEvent((event) => {
      if (event.userId !== userId) return;
      // In the interface's language at the time of the event (Lingui's global i18n).
      if (event.type === 'rejected') {
        const message = event.message;
        toast.failure(t`An answer given offline was not saved: ${message}`);
      } else if (event.overrideError) {
        const overrideError = event.overrideError;
        toast.failure(
          t`“I was right” was not applied to an answer given offline: ${overrideError}`,
        );
      }
      if (event.remaining > 0) return;
      if (event.type === 'synced') setCardCombo(event.result.combo.current);
      else void loadCardCombo();
      void queryClient.invalidateQueries({ queryKey: resourceKeys.cards });
      // The queue is read again for the next session, never under a running one.
      void queryClient.invalidateQueries({ queryKey: studyQueueKeyRoot, refetchType: 'none' });
      // The dashboard's figures count the same answers (one source with the queue: the server).
      void queryClient.invalidateQueries({ queryKey: [...resourceKeys.study, 'summary'] });
    });
    window.addEventListener('online', flushNow);
    window.addEventListener('storage', onStorage);
    // The live socket's hello: the server is reachable again.
    const offHello = addSocketHandler('hello', flushNow);
    void reviewOutbox.flush(userId);
    return () => {
      offEvents();
      offHello();
      window.removeEventListener('online', flushNow);
      window.removeEventListener('storage', onStorage);
      reviewOutbox.stop(userId);
    };
  }, [userId, queryClient]);
}
