import type { ReviewBody, ReviewResult } from '@glossa/contract';
import { ApiError } from '../../../lib/api-client';
import { outboxEntrySchema, readOutbox, writeOutbox, type OutboxEntry } from './outbox-storage';
import { exclusiveLock, type Lock } from './outbox-lock';
import { postOverride, postReview } from './study-requests';

/**
 * The answers given while the server could not be reached, kept on the device (localStorage, one
 * list per learner) until the server has them. They are sent one at a time in the order they were
 * given, with their own clientReviewId (so a resend counts once) and elapsedMs; the server's
 * answer replaces what the device scored. Sending retries with backoff, and starts again at once
 * when the browser comes back online.
 */

export interface OutboxStatus {
  /** Answers waiting on this device. */
  pending: number;
  /** An answer is on its way to the server. */
  sending: boolean;
  /** When the next attempt is planned after a failure (epoch ms), or null. */
  retryAt: number | null;
  /** Why the last attempt failed, or null. */
  lastError: string | null;
}

export type OutboxEvent =
  | {
      type: 'synced';
      userId: string;
      entry: OutboxEntry;
      /** The server's result: the truth that replaces the device's score. */
      result: ReviewResult;
      /** Answers still waiting after this one. */
      remaining: number;
      /** Why "I was right" was not applied (the answer itself counted), or null. */
      overrideError: string | null;
    }
  | { type: 'rejected'; userId: string; entry: OutboxEntry; message: string; remaining: number };

export interface OutboxTransport {
  review(body: ReviewBody): Promise<ReviewResult>;
  override(clientReviewId: string): Promise<ReviewResult>;
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

interface RunState {
  sending: boolean;
  attempts: number;
  retryAt: number | null;
  lastError: string | null;
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** The flush was stopped (signed out): no retry until flushed again. */
  stopped: boolean;
}

const defaultTransport: OutboxTransport = { review: postReview, override: postOverride };

/** Network failures, server errors and rate limits may pass on a later try; other refusals not. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.code === 'network_error' ||
    error.code === 'invalid_response' ||
    error.status >= 500 ||
    error.status === 429
  );
}

function isSignedOut(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
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

  const runs = new Map<string, RunState>();
  const statuses = new Map<string, OutboxStatus>();
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: OutboxEvent) => void>();

  const runOf = (userId: string): RunState => {
    let run = runs.get(userId);
    if (!run) {
      run = {
        sending: false,
        attempts: 0,
        retryAt: null,
        lastError: null,
        timer: null,
        running: null,
        stopped: false,
      };
      runs.set(userId, run);
    }
    return run;
  };

  const notify = () => {
    statuses.clear();
    for (const listener of listeners) listener();
  };
  const emit = (event: OutboxEvent) => {
    for (const listener of eventListeners) listener(event);
  };

  const read = (userId: string) => readOutbox(storage, userId);
  const write = (userId: string, entries: OutboxEntry[]) => writeOutbox(storage, userId, entries);

  const lockName = (userId: string) => `glossa-review-outbox:${userId}`;

  const removeEntry = (userId: string, clientReviewId: string): number => {
    const rest = read(userId).filter((item) => item.clientReviewId !== clientReviewId);
    write(userId, rest);
    return rest.length;
  };

  /**
   * Changes the outbox under the lock if the answer is still waiting in it (`changed`), else
   * answers `sent`: the server has it, so the change must go to the server.
   */
  const changePending = (
    userId: string,
    clientReviewId: string,
    change: (entries: OutboxEntry[]) => OutboxEntry[],
  ): Promise<PendingChange> =>
    lock(lockName(userId), () => {
      const entries = read(userId);
      if (!entries.some((item) => item.clientReviewId === clientReviewId)) {
        return Promise.resolve<PendingChange>('sent');
      }
      write(userId, change(entries));
      notify();
      return Promise.resolve<PendingChange>('changed');
    });

  type Step = 'sent' | 'empty' | 'retry' | 'stop';

  /** Sends the oldest entry, under the lock so no tab sends or edits it at the same time. */
  const sendOldest = (userId: string): Promise<Step> =>
    lock(lockName(userId), async (): Promise<Step> => {
      const entry = read(userId)[0];
      if (!entry) return 'empty';
      const run = runOf(userId);
      run.sending = true;
      notify();
      try {
        let result = await transport.review({
          cardId: entry.cardId,
          guess: entry.guess,
          clientReviewId: entry.clientReviewId,
          elapsedMs: entry.elapsedMs,
        });
        let overrideError: string | null = null;
        if (entry.override && !result.success) {
          try {
            result = await transport.override(entry.clientReviewId);
          } catch (error) {
            if (isRetryable(error) || isSignedOut(error)) throw error;
            // The answer counted as the server scored it; only "I was right" was refused.
            overrideError = messageOf(error);
          }
        }
        const remaining = removeEntry(userId, entry.clientReviewId);
        run.attempts = 0;
        run.lastError = null;
        emit({ type: 'synced', userId, entry, result, remaining, overrideError });
        return 'sent';
      } catch (error) {
        if (isSignedOut(error)) {
          // Signed out (the session ended on the server): the answers wait for the next sign-in.
          run.lastError = error.message;
          return 'stop';
        }
        if (isRetryable(error)) {
          run.attempts += 1;
          run.lastError = messageOf(error);
          return 'retry';
        }
        // Refused for good (the card was deleted, access was withdrawn): the server's answer is
        // the truth, so the answer is dropped and the learner told.
        const remaining = removeEntry(userId, entry.clientReviewId);
        emit({ type: 'rejected', userId, entry, message: messageOf(error), remaining });
        return 'sent';
      } finally {
        run.sending = false;
        notify();
      }
    });

  const clearTimer = (run: RunState) => {
    if (run.timer !== null) clearTimeout(run.timer);
    run.timer = null;
    run.retryAt = null;
  };

  const scheduleRetry = (userId: string) => {
    const run = runOf(userId);
    clearTimer(run);
    // Offline: the `online` event starts the next attempt.
    if (!isOnline()) return;
    const delay = Math.min(maxRetryMs, baseRetryMs * 2 ** Math.max(0, run.attempts - 1));
    run.retryAt = now() + delay;
    run.timer = setTimeout(() => {
      run.timer = null;
      run.retryAt = null;
      void flush(userId);
    }, delay);
  };

  const drain = async (userId: string) => {
    const run = runOf(userId);
    for (;;) {
      if (run.stopped) return;
      if (!isOnline()) {
        if (read(userId).length > 0) run.lastError = 'You are offline.';
        return;
      }
      const step = await sendOldest(userId);
      if (step === 'empty') {
        run.attempts = 0;
        run.lastError = null;
        return;
      }
      if (step === 'stop') return;
      if (step === 'retry') {
        scheduleRetry(userId);
        return;
      }
    }
  };

  /**
   * Sends the learner's waiting answers in order, one at a time. Resolves when the list is empty,
   * or when a failure left a retry planned (or the browser is offline). Calls made while a flush
   * runs join it. `immediate` (the `online` event, "sync now") drops the backoff wait.
   */
  function flush(userId: string, { immediate = false }: { immediate?: boolean } = {}) {
    const run = runOf(userId);
    run.stopped = false;
    if (run.running) return run.running;
    if (run.timer !== null && !immediate) return Promise.resolve();
    clearTimer(run);
    if (immediate) run.attempts = 0;
    run.running = drain(userId).finally(() => {
      run.running = null;
      notify();
    });
    notify();
    return run.running;
  }

  return {
    /** Keeps one answer on the device; throws when the storage refuses it (full or blocked). */
    enqueue(userId: string, entry: OutboxEntry): void {
      const entries = read(userId).filter((item) => item.clientReviewId !== entry.clientReviewId);
      write(userId, [...entries, outboxEntrySchema.parse(entry)]);
      notify();
    },

    entries: read,

    flush,

    /** Stops planned retries (signing out); the answers stay for the learner's next sign-in. */
    stop(userId: string): void {
      const run = runOf(userId);
      run.stopped = true;
      clearTimer(run);
      notify();
    },

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
      const run = runs.get(userId);
      const status: OutboxStatus = {
        pending: read(userId).length,
        sending: run?.sending ?? false,
        retryAt: run?.retryAt ?? null,
        lastError: run?.lastError ?? null,
      };
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
