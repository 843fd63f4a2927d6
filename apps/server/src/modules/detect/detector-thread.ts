import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../workers/start-worker';

/**
 * tinyld's heavy model runs in a worker thread (detect.worker.ts): loading it takes about a second
 * of CPU, which on the event loop held every other request of the server for that long (eleven
 * seconds on a loaded machine) at the first detection after a start. The thread starts on the
 * first detection and stays; it answers texts in turn.
 */
const entry = new URL('./detect.worker.ts', import.meta.url);

/** A bound the model's load and a detection never reach; past it the thread is stopped. */
const timeoutMs = 60_000;

/** The detector's scores of a text: the languages it knows and how much the text is each. */
export interface DetectorScores {
  known: ReadonlySet<string>;
  scores: ReadonlyMap<string, number>;
}

type Answer =
  { id: number; known: string[]; scores: [string, number][] } | { id: number; error: string };

interface Pending {
  resolve: (scores: DetectorScores) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** One detector thread, started on first use. */
export class DetectorThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private known: ReadonlySet<string> | undefined;
  private readonly pending = new Map<number, Pending>();

  /** The scores of `text` (ISO 639-1 codes). */
  scores(text: string): Promise<DetectorScores> {
    const running = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(running, new Error('Language detection took too long'));
        void running.terminate();
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      running.postMessage({ id, text });
    });
  }

  /** Stops the thread; a later detection starts it again. */
  async stop(): Promise<void> {
    const running = this.worker;
    if (!running) return;
    this.fail(running, new Error('The detector was stopped'));
    await running.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const started = startWorker(entry);
    // An idle thread never keeps the process alive; a detection is awaited by its request.
    started.unref();
    started.on('message', (answer: Answer) => this.answer(answer));
    started.on('error', (error: Error) => this.fail(started, error));
    started.on('exit', (code: number) =>
      this.fail(started, new Error(`The detector's thread stopped (exit code ${code})`)),
    );
    this.worker = started;
    return started;
  }

  private answer(answer: Answer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    clearTimeout(waiting.timer);
    if ('error' in answer) {
      waiting.reject(new Error(`Language detection failed: ${answer.error}`));
      return;
    }
    this.known ??= new Set(answer.known);
    waiting.resolve({ known: this.known, scores: new Map(answer.scores) });
  }

  /** Ends every detection waiting on `running` with `error`, and forgets the thread. */
  private fail(running: Worker, error: Error): void {
    if (this.worker !== running) return;
    this.worker = null;
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      this.pending.delete(id);
      waiting.reject(error);
    }
  }
}

/** The process's detector. */
export const detector = new DetectorThread();
