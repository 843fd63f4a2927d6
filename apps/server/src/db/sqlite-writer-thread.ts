import { Worker } from 'node:worker_threads';
import type { CompiledQuery, QueryResult } from 'kysely';

// The main thread's side of a SQLite thread (sqlite-writer.worker.mjs, docs/decisions/0006).

interface WorkerResult {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}
interface WorkerError {
  name: string;
  message: string;
  code?: string;
}
type Answer =
  | { ready: true }
  | ({ id: number } & WorkerResult)
  | { id: number; results: WorkerResult[] }
  | { id: number; error: WorkerError };

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

const toQueryResult = <R>(result: WorkerResult): QueryResult<R> => ({
  rows: result.rows as R[],
  ...(result.changes === undefined
    ? {}
    : {
        numAffectedRows: BigInt(result.changes),
        insertId: result.lastInsertRowid === undefined ? undefined : BigInt(result.lastInsertRowid),
      }),
});

/** A SQLite thread (sqlite-writer.worker.mjs); the writer's statements in, results out, in order. */
export class WriterThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) return;
      const pending = this.#pending.get(answer.id);
      if (!pending) return;
      this.#pending.delete(answer.id);
      if ('error' in answer) {
        // The same shape as better-sqlite3's SqliteError (callers read `code`).
        pending.reject(
          Object.assign(new Error(answer.error.message), {
            name: answer.error.name,
            code: answer.error.code,
          }),
        );
      } else {
        pending.resolve(answer);
      }
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The SQLite writer thread stopped (${code})`)));
  }

  static start(
    file: string,
    role: 'writer' | 'checkpointer',
    pragmas: string[],
  ): Promise<WriterThread> {
    const worker = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), {
      workerData: { file, role, pragmas },
      // No TypeScript loader: the thread is plain JavaScript.
      execArgv: [],
    });
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', () => {
        worker.off('error', onError);
        resolve(new WriterThread(worker));
      });
    });
  }

  #send(message: object): Promise<Answer> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.#send({ sql: query.sql, parameters: query.parameters });
    return toQueryResult<R>(answer as WorkerResult);
  }

  async executeMany(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    const answer = await this.#send({
      statements: queries.map((query) => ({ sql: query.sql, parameters: query.parameters })),
    });
    return (answer as { results: WorkerResult[] }).results.map((result) => toQueryResult(result));
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.postMessage({ close: true });
    await exited;
  }
}
