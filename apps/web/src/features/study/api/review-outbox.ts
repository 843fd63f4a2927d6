import type { ReviewResult } from '@glossa/contract';
import { exclusiveLock, type Lock } from './outbox-lock';
import { defaultTransport, type OutboxTransport } from './outbox-send';
import { parseOutboxEntry, readOutbox, writeOutbox, type OutboxEntry } from './outbox-storage';
import { createOutboxSync, type OutboxEvent, type SyncProgress } from './outbox-sync';

export type { OutboxTransport } from './outbox-send';
export type { OutboxEvent } from './outbox-sync';

/**
 * Every answer on its way to the server, kept on the device (localStorage, one list per learner)
 * until the server has it: answers given online wait here only while they are sent (`deliver`),
 * those given while the server could not be reached until it can. They are sent one at a time in
 * the order they were given, with their own clientReviewId (so a resend counts once) and
 * elapsedMs; the server's answer replaces what the device scored. Sending retries with backoff,
 * and starts again at once when the browser comes back online.
 *
 * Storage is in outbox-storage.ts, sending one answer in outbox-send.ts, the order, retries and
 * backoff in outbox-sync.ts; this module ties them together behind the outbox's public API.
 */

export interface OutboxStatus extends SyncProgress {
  /** Answers waiting on this device. */
  pending: number;
}

export interface ReviewOutboxOptions {
  storage?: Storage;
  transport?: OutboxTransport;
  isOnline?: () => boolean;
  now?: () => number;
  /** Runs `work` alone across tabs; Web Locks when the browser has them. */
  lock?: Lock;
  /** First retry delay, doubled on each failure up to maxRetryMs. */
  baseRetryMs?: number;
  maxRetryMs?: number;
}

/** What became of a waiting answer: changed on the device, or already sent to the server. */
export type PendingChange = 'changed' | 'sent';

/**
 * What became of an answer handed to `deliver` once the sending stopped: the server's result, its
 * refusal (the answer was dropped), or still waiting in the outbox, with the failure that stopped
 * the sending (null when offline: nothing was tried).
 */
export type Delivery =
  | { status: 'synced'; result: ReviewResult; overrideError: string | null }
  | { status: 'rejected'; message: string }
  | { status: 'waiting'; error: unknown };

/** A `deliver` waiting for its answer: what the sending made of it so far. */
interface Waiter {
  userId: string;
  settled: Delivery | null;
  /** The last failure of this learner's sending while it waited. */
  failure: unknown;
}

export type ReviewOutbox = ReturnType<typeof createReviewOutbox>;

export function createReviewOutbox(options: ReviewOutboxOptions = {}) {
  const storage = options.storage ?? localStorage;
  const transport = options.transport ?? defaultTransport;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const now = options.now ?? Date.now;
  const lock = options.lock ?? exclusiveLock();
  const baseRetryMs = options.baseRetryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 60_000;

  const statuses = new Map<string, OutboxStatus>();
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: OutboxEvent) => void>();
  /** The answers a `deliver` of this tab waits for, by clientReviewId. */
  const waiters = new Map<string, Waiter>();

  const notify = () => {
    statuses.clear();
    for (const listener of listeners) listener();
  };
  // What becomes of an answer someone waits for is told to them only: they show it.
  const emit = (event: OutboxEvent) => {
    const waiter = waiters.get(event.entry.clientReviewId);
    if (waiter) {
      waiter.settled =
        event.type === 'synced'
          ? { status: 'synced', result: event.result, overrideError: event.overrideError }
          : { status: 'rejected', message: event.message };
      return;
    }
    for (const listener of eventListeners) listener(event);
  };
  const failed = (userId: string, _entry: OutboxEntry, error: unknown) => {
    for (const waiter of waiters.values()) if (waiter.userId === userId) waiter.failure = error;
  };

  const read = (userId: string) => readOutbox(storage, userId);
  const write = (userId: string, entries: OutboxEntry[]) => writeOutbox(storage, userId, entries);

  const locked = <T>(userId: string, work: () => Promise<T>): Promise<T> =>
    lock(`glossa-review-outbox:${userId}`, work);

  const sync = createOutboxSync({
    transport,
    isOnline,
    now,
    baseRetryMs,
    maxRetryMs,
    locked,
    read,
    write,
    notify,
    emit,
    failed,
  });

  /**
   * Changes the outbox under the lock if the answer is still waiting in it (`changed`), else
   * answers `sent`: the server has it, so the change must go to the server.
   */
  const changePending = (
    userId: string,
    clientReviewId: string,
    change: (entries: OutboxEntry[]) => OutboxEntry[],
  ): Promise<PendingChange> =>
    locked(userId, () => {
      const entries = read(userId);
      if (!entries.some((item) => item.clientReviewId === clientReviewId)) {
        return Promise.resolve<PendingChange>('sent');
      }
      write(userId, change(entries));
      notify();
      return Promise.resolve<PendingChange>('changed');
    });

  /** Keeps one answer on the device; throws when the storage refuses it (full or blocked). */
  const enqueue = (userId: string, entry: OutboxEntry): void => {
    const entries = read(userId).filter((item) => item.clientReviewId !== entry.clientReviewId);
    const kept = parseOutboxEntry(entry);
    if (!kept) throw new Error(`The outbox cannot keep answer ${entry.clientReviewId}`);
    write(userId, [...entries, kept]);
    notify();
  };

  return {
    enqueue,

    /**
     * Keeps one answer (or "I was right") and sends the waiting answers now, this one in its turn,
     * for a learner who waits for its result: resolves with what became of it once the sending
     * stops (told to the caller, not to onEvent's listeners). While it is on its way it does not
     * count as waiting to sync. Throws when the storage refuses it.
     */
    async deliver(userId: string, entry: OutboxEntry): Promise<Delivery> {
      const waiter: Waiter = { userId, settled: null, failure: null };
      waiters.set(entry.clientReviewId, waiter);
      try {
        enqueue(userId, entry);
        await sync.flush(userId, { immediate: true });
      } finally {
        waiters.delete(entry.clientReviewId);
        notify();
      }
      return waiter.settled ?? { status: 'waiting', error: waiter.failure };
    },

    entries: read,

    /**
     * Sends the learner's waiting answers in order, one at a time. Resolves when the list is
     * empty, or when a failure left a retry planned (or the browser is offline). Calls made while
     * a flush runs join it. `immediate` (the `online` event, "sync now") drops the backoff wait.
     */
    flush: sync.flush,

    /** Stops planned retries (signing out); the answers stay for the learner's next sign-in. */
    stop: sync.stop,

    /**
     * Takes back an answer that has not reached the server (undo). Waits for an answer being sent
     * right now; `sent` means the server has it, so undo must go to the server.
     */
    withdraw(userId: string, clientReviewId: string): Promise<PendingChange> {
      return changePending(userId, clientReviewId, (entries) =>
        entries.filter((item) => item.clientReviewId !== clientReviewId),
      );
    },

    /**
     * Marks a waiting answer "I was right": the override is sent right after it. `sent` means the
     * server already has the answer, so the override must go to the server.
     */
    markOverride(userId: string, clientReviewId: string): Promise<PendingChange> {
      return changePending(userId, clientReviewId, (entries) =>
        entries.map((item) =>
          item.clientReviewId === clientReviewId ? { ...item, override: true } : item,
        ),
      );
    },

    /** A stable snapshot (for useSyncExternalStore) of one learner's outbox. */
    status(userId: string): OutboxStatus {
      const cached = statuses.get(userId);
      if (cached) return cached;
      const waiting = read(userId).filter((item) => !waiters.has(item.clientReviewId));
      const status: OutboxStatus = { pending: waiting.length, ...sync.progress(userId) };
      statuses.set(userId, status);
      return status;
    },

    /** Calls the listener when any status may have changed. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Answers synced or refused by the server. */
    onEvent(listener: (event: OutboxEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    /** The stored list changed elsewhere (another tab): statuses are read again. */
    refresh: notify,
  };
}

/** The app's one outbox. */
export const reviewOutbox = createReviewOutbox();
