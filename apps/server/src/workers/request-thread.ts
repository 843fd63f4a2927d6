import type { Transferable, Worker } from 'node:worker_threads';

/** A request as it crosses to the thread (serve-requests.ts reads it). */
export interface ThreadRequest<Payload> {
  id: number;
  payload: Payload;
}

/** What the thread sends back of a request: word of its progress, then its result or error. */
export type ThreadAnswer<Result, Progress> =
  | { id: number; result: Result }
  | { id: number; error: string }
  | { id: number; progress: Progress };

export interface RequestThreadOptions {
  /** The thread in its errors: "The detector thread". */
  name: string;
  /** Starts the thread (startWorker): at the first request, and at the next after one ended. */
  start: () => Worker;
  /** A thread idle this long is stopped (the next request starts another); by default it stays. */
  idleMs?: number;
  /** What a request past its time is rejected with; by default "<name> took too long". */
  tooLong?: () => Error;
}

export interface RequestOptions<Progress> {
  /** A bound that an answer never reaches: past it the thread is taken as stuck and stopped. */
  timeoutMs?: number;
  /** Moved to the thread rather than copied (postMessage's transfer list). */
  transfer?: readonly Transferable[];
  /** Hears the request's progress while it runs. */
  onProgress?: (progress: Progress) => void;
}

interface Request<Payload, Result, Progress> {
  id: number;
  payload: Payload;
  options: RequestOptions<Progress>;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

/**
 * A worker thread that answers requests one at a time (its side: serve-requests.ts), started on
 * the first request. The thread works on one request while the others wait their turn here, not
 * in its message queue: so a thread that dies or is stopped as stuck fails only the request it
 * was on (its own package too large for the heap, its own text too slow), and those waiting go to
 * a new thread. The thread keeps the process alive only while it works on a request.
 */
export class RequestThread<Payload, Result, Progress = never> {
  readonly #options: RequestThreadOptions;
  readonly #waiting: Request<Payload, Result, Progress>[] = [];
  #current: { request: Request<Payload, Result, Progress>; timer?: NodeJS.Timeout } | undefined;
  #worker: Worker | undefined;
  #idle: NodeJS.Timeout | undefined;
  #nextId = 1;

  constructor(options: RequestThreadOptions) {
    this.#options = options;
  }

  /** The thread's result for `payload`; rejected with its error, or when the thread fails. */
  request(payload: Payload, options: RequestOptions<Progress> = {}): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#waiting.push({ id: this.#nextId++, payload, options, resolve, reject });
      this.#next();
    });
  }

  /** Stops the thread, failing the requests it has; a later request starts it again. */
  async stop(): Promise<void> {
    const stopped = new Error(`${this.#options.name} was stopped`);
    for (const request of this.#waiting.splice(0)) request.reject(stopped);
    const worker = this.#worker;
    if (!worker) return;
    this.#fail(worker, stopped);
    await worker.terminate();
  }

  /** Sends the next waiting request to the thread, if it is free. */
  #next(): void {
    if (this.#current) return;
    clearTimeout(this.#idle);
    const request = this.#waiting.shift();
    if (!request) {
      this.#idleStop();
      return;
    }
    const worker = this.#thread();
    const { timeoutMs, transfer } = request.options;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            const { name, tooLong } = this.#options;
            this.#fail(worker, tooLong?.() ?? new Error(`${name} took too long`));
            void worker.terminate();
          }, timeoutMs);
    this.#current = { request, timer };
    // Awaited by its caller, a request holds the process like any I/O; an idle thread does not.
    worker.ref();
    try {
      const message: ThreadRequest<Payload> = { id: request.id, payload: request.payload };
      worker.postMessage(message, transfer);
    } catch (error) {
      // It could not be sent (a payload that cannot be cloned): the thread is as it was.
      this.#settle(() => request.reject(error instanceof Error ? error : new Error(String(error))));
    }
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const { name, start } = this.#options;
    const worker = start();
    worker.on('message', (answer: ThreadAnswer<Result, Progress>) => this.#answer(answer));
    worker.on('error', (error: Error) => this.#fail(worker, error));
    worker.on('exit', (code: number) =>
      this.#fail(worker, new Error(`${name} stopped (exit code ${code})`)),
    );
    this.#worker = worker;
    return worker;
  }

  #answer(answer: ThreadAnswer<Result, Progress>): void {
    const request = this.#current?.request;
    if (request?.id !== answer.id) return;
    if ('progress' in answer) request.options.onProgress?.(answer.progress);
    else if ('result' in answer) this.#settle(() => request.resolve(answer.result));
    else {
      const error = new Error(`${this.#options.name} failed: ${answer.error}`);
      this.#settle(() => request.reject(error));
    }
  }

  /** Ends the current request with `done`, and passes to the next. */
  #settle(done: () => void): void {
    clearTimeout(this.#current?.timer);
    this.#current = undefined;
    this.#worker?.unref();
    done();
    this.#next();
  }

  /** `worker` ended or is being ended: forgets it and fails its request, if it is still current. */
  #fail(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    const request = this.#current?.request;
    if (request) this.#settle(() => request.reject(error));
  }

  #idleStop(): void {
    const worker = this.#worker;
    const { idleMs } = this.#options;
    if (!worker || idleMs === undefined) return;
    this.#idle = setTimeout(() => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      void worker.terminate();
    }, idleMs).unref();
  }
}
