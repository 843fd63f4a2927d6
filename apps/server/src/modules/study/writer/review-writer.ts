import type { Worker } from 'node:worker_threads';
import type { ReviewResult, UndoResult } from '@glossa/contract';
import { startWorker } from '../../../workers/start-worker';
import {
  rebuildError,
  type ReviewJob,
  type ReviewWriterData,
  type RevisionJob,
  type StatedAnswer,
  type StudyWrite,
} from './review-writer-messages';

interface Pending {
  resolve(result: ReviewResult | UndoResult): void;
  reject(error: Error): void;
}

const entry = new URL('./review-writer.worker.ts', import.meta.url);

/**
 * Every study write (a review, an override, an undo) is written by a thread of its own
 * (docs/decisions/0006-writer-threads.md, 0012-study-write-path.md), on its own database
 * connection, in group commits (0005). Its event loop does nothing else, so the statements of a
 * shared transaction follow each other at the database's pace instead of waiting each time behind
 * the requests that the main thread is serving; the main thread only authenticates, validates and
 * answers.
 */
export class ReviewWriter {
  readonly #data: ReviewWriterData;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #worker: Promise<Worker> | undefined;
  #stats = { commits: 0, requests: 0 };
  #closed = false;

  constructor(data: ReviewWriterData) {
    this.#data = data;
  }

  /** Writes one review; answers once its commit is durable. */
  async submit(job: ReviewJob): Promise<ReviewResult> {
    return (await this.#write({ kind: 'review', ...job })) as ReviewResult;
  }

  /** "I was right" on the learner's latest failed review of a card; answers once durable. */
  async override(job: RevisionJob): Promise<ReviewResult> {
    return (await this.#write({ kind: 'override', ...job })) as ReviewResult;
  }

  /** Takes back the learner's latest review of a card; answers once durable. */
  async undo(job: RevisionJob): Promise<UndoResult> {
    return (await this.#write({ kind: 'undo', ...job })) as UndoResult;
  }

  async #write(job: StudyWrite): Promise<ReviewResult | UndoResult> {
    const worker = await this.#thread();
    const id = this.#nextId++;
    return new Promise<ReviewResult | UndoResult>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  /** Starts the thread ahead of the first review. */
  async warmUp(): Promise<void> {
    await this.#thread();
  }

  /** The running thread, started when there is none (again after one that failed to start). */
  #thread(): Promise<Worker> {
    if (this.#closed) return Promise.reject(new Error('The review writer is closed'));
    this.#worker ??= this.#start().catch((error: unknown) => {
      this.#worker = undefined;
      throw error;
    });
    return this.#worker;
  }

  /** Commits of the writer's group commit so far, and the requests they answered. */
  stats(): { commits: number; requests: number } {
    return { ...this.#stats };
  }

  /** Refuses new reviews, waits for those accepted, and stops the thread. */
  async close(): Promise<void> {
    this.#closed = true;
    const starting = this.#worker;
    if (!starting) return;
    const worker = await starting.catch(() => undefined);
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true });
    await exited;
  }

  async #start(): Promise<Worker> {
    const worker = startWorker(entry, this.#data);
    const fail = (error: Error) => {
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      // The next review starts a new thread.
      this.#worker = undefined;
    };
    return new Promise<Worker>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => {
        worker.off('error', reject);
        worker.on('message', (answer: StatedAnswer) => this.#answer(answer));
        worker.on('error', fail);
        worker.on('exit', (code) => {
          if (!this.#closed || this.#pending.size > 0) {
            fail(new Error(`The review writer thread stopped (${code})`));
          }
        });
        resolve(worker);
      });
    });
  }

  #answer(answer: StatedAnswer) {
    this.#stats = answer.stats;
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if ('result' in answer) pending.resolve(answer.result);
    else pending.reject(rebuildError(answer.error));
  }
}
