import { RequestThread } from '../../workers/request-thread';
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

/** A text's scores; a thread's first answer also names the languages it knows (ISO 639-1). */
export interface DetectorAnswer {
  known?: string[];
  scores: [string, number][];
}

/** One detector thread, started on first use. */
export class DetectorThread {
  private known: ReadonlySet<string> | undefined;
  private readonly thread = new RequestThread<string, DetectorAnswer>({
    name: 'The language detector thread',
    start: () => startWorker(entry),
    tooLong: () => new Error('Language detection took too long'),
  });

  /** The scores of `text` (ISO 639-1 codes). */
  async scores(text: string): Promise<DetectorScores> {
    const answer = await this.thread.request(text, { timeoutMs });
    if (answer.known) this.known ??= new Set(answer.known);
    // Every thread names them in its first answer, and each answer comes here in turn.
    if (!this.known) throw new Error('The language detector answered before naming its languages');
    return { known: this.known, scores: new Map(answer.scores) };
  }

  /** Stops the thread; a later detection starts it again. */
  stop(): Promise<void> {
    return this.thread.stop();
  }
}

/** The process's detector. */
export const detector = new DetectorThread();
