import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { StudyFit } from '@glossa/contract';
import { AppError } from '../../errors';
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

type Answer =
  | { id: number; result: StudyFit }
  | { id: number; error: string }
  | { id: number; progress: { evaluations: number } };

/** Hears the evaluations of a running fit so far. */
export type FitProgressListener = (progress: { evaluations: number }) => void;

/** One worker thread, started on first use, running one fit at a time. */
class FitThread {
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | undefined;
  private nextId = 1;

  async run(input: FitInput, onProgress?: FitProgressListener): Promise<StudyFit> {
    clearTimeout(this.idle);
    const worker = this.worker ?? (await this.start());
    const id = this.nextId++;
    return new Promise<StudyFit>((resolve, reject) => {
      const finish = (done: () => void, keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!keep) this.stop(worker);
        else this.idle = setTimeout(() => this.stop(worker), idleMs).unref();
        done();
      };
      const onMessage = (answer: Answer) => {
        if (answer.id !== id) return;
        if ('progress' in answer) onProgress?.(answer.progress);
        else if ('result' in answer) finish(() => resolve(answer.result), true);
        else finish(() => reject(new Error(`The fit failed: ${answer.error}`)), true);
      };
      const onError = (error: Error) => finish(() => reject(error), false);
      const onExit = (code: number) =>
        finish(() => reject(new Error(`The fit's thread stopped (exit code ${code})`)), false);
      const timer = setTimeout(
        () => finish(() => reject(new AppError('internal_error', 'The fit took too long')), false),
        timeoutMs,
      );
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const { starts, elapsedDays, grades } = input.histories;
      worker.postMessage({ id, input }, [starts.buffer, elapsedDays.buffer, grades.buffer]);
    });
  }

  private async start(): Promise<Worker> {
    const worker = startWorker(entry);
    // An idle thread never keeps the process alive; a running fit is awaited by its request.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private stop(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    void worker.terminate();
  }
}

const free: FitThread[] = Array.from({ length: concurrency }, () => new FitThread());
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
    return await thread.run(input, onProgress);
  } finally {
    release(thread);
  }
}
