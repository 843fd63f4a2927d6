import type { ReviewResult } from '@glossa/contract';
import { plural, t } from '@lingui/core/macro';
import { studyLimits } from '@glossa/contract/values';
import {
  isRetryable,
  isSignedOut,
  errorMessage,
  sendEntry,
  tooOldToSend,
  type OutboxTransport,
} from './outbox-send';
import type { OutboxEntry } from './outbox-storage';

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

/** Where sending stands for one learner. */
export interface SyncProgress {
  /** An answer is on its way to the server. */
  sending: boolean;
  /** When the next attempt is planned after a failure (epoch ms), or null. */
  retryAt: number | null;
  /** Why the last attempt failed, or null. */
  lastError: string | null;
}

export interface OutboxSyncOptions {
  transport: OutboxTransport;
  isOnline: () => boolean;
  now: () => number;
  /** First retry delay, doubled on each failure up to maxRetryMs. */
  baseRetryMs: number;
  maxRetryMs: number;
  /** Runs `work` alone with the learner's outbox, across tabs. */
  locked: <T>(userId: string, work: () => Promise<T>) => Promise<T>;
  read: (userId: string) => OutboxEntry[];
  write: (userId: string, entries: OutboxEntry[]) => void;
  /** A status may have changed. */
  notify: () => void;
  emit: (event: OutboxEvent) => void;
  /** Sending `entry` failed and it stays in the outbox (a retry, the network, signed out). */
  failed: (userId: string, entry: OutboxEntry, error: unknown) => void;
}

interface RunState extends SyncProgress {
  attempts: number;
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** The flush was stopped (signed out): no retry until flushed again. */
  stopped: boolean;
}

type Step = 'sent' | 'empty' | 'retry' | 'stop';

/**
 * Sends each learner's waiting answers one at a time in the order they were given, retrying with
 * backoff; the outbox's storage, lock and listeners come from the caller.
 */
export function createOutboxSync(options: OutboxSyncOptions) {
  const {
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
  } = options;

  const runs = new Map<string, RunState>();

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

  const removeEntry = (userId: string, clientReviewId: string): number => {
    const rest = read(userId).filter((item) => item.clientReviewId !== clientReviewId);
    write(userId, rest);
    return rest.length;
  };

  /** Sends the oldest entry, under the lock so no tab sends or edits it at the same time. */
  const sendOldest = (userId: string): Promise<Step> =>
    locked(userId, async (): Promise<Step> => {
      const entry = read(userId)[0];
      if (!entry) return 'empty';
      if (tooOldToSend(entry, now())) {
        // Kept longer than the server takes an answer given offline: dropped, the learner told.
        const remaining = removeEntry(userId, entry.clientReviewId);
        const days = studyLimits.answerAgeMaxMs / 86_400_000;
        const message = t`${plural(days, {
          one: 'it was given more than # day ago.',
          other: 'it was given more than # days ago.',
        })}`;
        emit({ type: 'rejected', userId, entry, message, remaining });
        return 'sent';
      }
      const run = runOf(userId);
      run.sending = true;
      notify();
      try {
        const { result, overrideError } = await sendEntry(transport, entry, now());
        const remaining = removeEntry(userId, entry.clientReviewId);
        run.attempts = 0;
        run.lastError = null;
        emit({ type: 'synced', userId, entry, result, remaining, overrideError });
        return 'sent';
      } catch (error) {
        if (isSignedOut(error)) {
          // Signed out (the session ended on the server): the answers wait for the next sign-in.
          run.lastError = error.message;
          failed(userId, entry, error);
          return 'stop';
        }
        if (isRetryable(error)) {
          run.attempts += 1;
          run.lastError = errorMessage(error);
          failed(userId, entry, error);
          return 'retry';
        }
        // Refused for good (the card was deleted, access was withdrawn): the server's answer is
        // the truth, so the answer is dropped and the learner told.
        const remaining = removeEntry(userId, entry.clientReviewId);
        emit({ type: 'rejected', userId, entry, message: errorMessage(error), remaining });
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
        if (read(userId).length > 0) run.lastError = t`You are offline.`;
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
    flush,

    /** Stops planned retries (signing out); the answers stay for the learner's next sign-in. */
    stop(userId: string): void {
      const run = runOf(userId);
      run.stopped = true;
      clearTimer(run);
      notify();
    },

    /** Where sending stands for the learner (nothing sent nor failed yet: idle, no error). */
    progress(userId: string): SyncProgress {
      const run = runs.get(userId);
      return {
        sending: run?.sending ?? false,
        retryAt: run?.retryAt ?? null,
        lastError: run?.lastError ?? null,
      };
    },
  };
}
