import os from 'node:os';
import type { StudyFit } from '@glossa/contract';
import { AppError } from '../../errors';
import { RequestThread } from '../../workers/request-thread';
import { startWorker } from '../../workers/start-worker';
import type { FitInput } from './fit-compute';

/**
 * A fit costs seconds of CPU (about 1,900 replays of the log), so it runs in a worker thread and
 * the event loop stays free. A thread is kept for the next fits until it has been idle for a while.
 */
const entry = new URL('./fit.worker.ts', import.meta.url);

/** Fits at once: the cores but one, so requests keep being served. */
const concurrency = Math.max(1, os.availableParallelism() - 1);
/** Fits waiting beyond this are refused (rate_limited) rather than queued without end. */
const maxWaiting = 16;
/** A bound that a fit of the capped sample never reaches; past it the thread is stopped. */
const timeoutMs = 120_000;
/** An idle thread ends after this long. */
const idleMs = 60_000;

/** Hears the evaluations of a running fit so far. */
export type FitProgressListener = (progress: { evaluations: number }) => void;

/** One worker thread, started on first use, running one fit at a time. */
type FitThread = RequestThread<FitInput, StudyFit, { evaluations: number }>;

const newThread = (): FitThread =>
  new RequestThread({
    name: 'The fit thread',
    start: () => startWorker(entry),
    idleMs,
    tooLong: () => new AppError('internal_error', 'The fit took too long'),
  });

const free: FitThread[] = Array.from({ length: concurrency }, newThread);
const waiting: ((thread: FitThread) => void)[] = [];

/** A free thread, or a place in line; given back straight to the next in line, if any. */
async function acquire(): Promise<FitThread> {
  const thread = free.pop();
  if (thread) return thread;
  if (waiting.length >= maxWaiting) {
    throw new AppError('rate_limited', 'Many fits are running: try again in a minute', undefined, {
      'retry-after': '60',
    });
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(thread: FitThread): void {
  const next = waiting.shift();
  if (next) next(thread);
  else free.push(thread);
}

/** Runs one fit in a worker thread, at most `concurrency` at once. */
export async function runFit(input: FitInput, onProgress?: FitProgressListener): Promise<StudyFit> {
  const thread = await acquire();
  try {
    const { starts, elapsedDays, grades } = input.histories;
    return await thread.request(input, {
      timeoutMs,
      transfer: [starts.buffer, elapsedDays.buffer, grades.buffer],
      onProgress,
    });
  } finally {
    release(thread);
  }
}
