import { performance } from 'node:perf_hooks';
import { sql, type CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './schema';

/** The outcome of one request's share of a batch. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs statements in the open transaction, in order, sent together where the database allows it
 * (SQLite's writer thread): one wait for all of them.
 */
export type ExecuteAll = (
  trx: Db,
  queries: readonly CompiledQuery[],
) => Promise<QueryResult<unknown>[]>;

/** One statement after the other: what any Kysely connection can do. */
const executeInTurn: ExecuteAll = async (trx, queries) => {
  const results: QueryResult<unknown>[] = [];
  for (const query of queries) results.push(await trx.executeQuery(query));
  return results;
};

/**
 * Work done for several requests at once inside the shared transaction, answering one outcome per
 * input, in order. An input answered `ok: false` must have written nothing; an exception means
 * the work failed as a whole (the transaction is then rolled back and each input run again alone,
 * in its own savepoint).
 */
export type BatchWork<I, O> = (
  trx: Db,
  inputs: readonly I[],
  executeAll: (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>,
) => Promise<Settled<O>[]>;

export interface CommitInfo {
  /** Requests whose writes this commit made durable (or whose failure it answers). */
  requests: number;
  /** Requests answered with an error (their writes, if any, were rolled back). */
  failed: number;
}

export interface GroupCommitOptions {
  /** Independent writers, each one transaction at a time (1 on SQLite: one connection). */
  lanes: number;
  /** Most requests in one transaction, to bound its time and its statements' parameters. */
  maxBatch: number;
  /** Called after each commit, before any of its requests is answered. */
  onCommit?: (info: CommitInfo) => void;
  /** How statements are sent together (default: one after the other). */
  executeAll?: ExecuteAll;
}

interface Job {
  work: BatchWork<unknown, unknown>;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** FNV-1a: spreads keys (learner ids) over the lanes. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Group commit (docs/decisions/0005-group-commit.md): requests that arrive while a lane's
 * transaction runs wait and share the next one, so one durable commit (fsync) serves many of
 * them. Every request's writes run in a savepoint, so a failing request rolls back only itself;
 * each request is answered only after the commit that holds its writes has returned. Requests with
 * the same key (a learner) always share a lane, so their writes keep their order and never wait on
 * each other's locks from another transaction.
 */
export class GroupCommit {
  readonly #db: Db;
  readonly #options: GroupCommitOptions;
  readonly #lanes: Lane[];
  #closed = false;
  #commits = 0;
  #committedRequests = 0;

  constructor(db: Db, options: GroupCommitOptions) {
    this.#db = db;
    this.#options = options;
    this.#lanes = Array.from(
      { length: Math.max(1, options.lanes) },
      () => new Lane(options.maxBatch, (jobs) => this.#execute(jobs)),
    );
  }

  /** Runs `work` for one request in the next transaction of its key's lane. */
  run<T>(key: string, work: (trx: Db) => Promise<T>): Promise<T> {
    const single: BatchWork<null, T> = async (trx) => [{ ok: true, value: await work(trx) }];
    return this.submit(key, single, null);
  }

  /**
   * Adds `input` to the next transaction of its key's lane; consecutive inputs of the same `work`
   * are handed to it together.
   */
  submit<I, O>(key: string, work: BatchWork<I, O>, input: I): Promise<O> {
    const lane = this.#lanes[hash(key) % this.#lanes.length];
    if (this.#closed || !lane) return Promise.reject(new Error('The database is closing'));
    return new Promise<O>((resolve, reject) => {
      lane.enqueue({
        work: work as BatchWork<unknown, unknown>,
        input,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  /** Commits so far, and the requests they answered (their ratio is the sharing achieved). */
  stats(): { commits: number; requests: number } {
    return { commits: this.#commits, requests: this.#committedRequests };
  }

  /** Refuses new work and waits until every accepted request is answered. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#lanes.map((lane) => lane.idle()));
  }

  /**
   * One transaction for a batch of jobs; answers them after it commits (or fails). The work runs
   * without savepoints first (two statements fewer); if it throws, that transaction is rolled
   * back and the batch runs again with each group, then each job, in its own savepoint.
   */
  async #execute(jobs: Job[]): Promise<void> {
    let outcomes: Settled<unknown>[];
    let committed = true;
    try {
      try {
        outcomes = await this.#transaction(jobs, null);
      } catch (error) {
        if (!(error instanceof RetryWithSavepoints)) throw error;
        outcomes = await this.#transaction(jobs, error.groupStart);
      }
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of this batch is durable, so every request fails.
      committed = false;
      outcomes = jobs.map(() => ({ ok: false, error }));
    }
    if (committed) {
      this.#commits += 1;
      this.#committedRequests += jobs.length;
      this.#options.onCommit?.({
        requests: jobs.length,
        failed: outcomes.filter((outcome) => !outcome.ok).length,
      });
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) job.resolve(outcome.value);
      else job.reject(outcome ? outcome.error : new Error('A request of the batch had no outcome'));
    });
  }

  /**
   * The batch in one transaction: without savepoints (`failed` null), or after a failure of the
   * group beginning at index `failed`, each group in a savepoint and that group's jobs alone.
   */
  #transaction(jobs: Job[], failed: number | null): Promise<Settled<unknown>[]> {
    const executeAll = this.#options.executeAll ?? executeInTurn;
    return this.#db.transaction().execute(async (trx) => {
      const all = (queries: readonly CompiledQuery[]) => executeAll(trx, queries);
      const outcomes: Settled<unknown>[] = [];
      let names = 0;
      const nextName = () => `gc_${(names += 1)}`;
      for (let start = 0; start < jobs.length;) {
        let end = start + 1;
        while (end < jobs.length && jobs[end]?.work === jobs[start]?.work) end += 1;
        const group = jobs.slice(start, end);
        if (failed === null) {
          outcomes.push(...(await runPlain(trx, group, start, all)));
        } else if (start === failed) {
          for (const job of group) outcomes.push(...(await runGroup(trx, [job], nextName, all)));
        } else {
          outcomes.push(...(await runGroup(trx, group, nextName, all)));
        }
        start = end;
      }
      return outcomes;
    });
  }
}

/** A group's work failed as a whole in the transaction without savepoints. */
class RetryWithSavepoints extends Error {
  constructor(
    readonly groupStart: number,
    cause: unknown,
  ) {
    super('A group of the batch failed: retried with savepoints', { cause });
  }
}

type All = (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;

/** The group's work on its inputs: one outcome per job, in order. */
async function workOf(trx: Db, group: Job[], all: All): Promise<Settled<unknown>[]> {
  const first = group[0];
  if (!first) return [];
  const outcomes = await first.work(
    trx,
    group.map((job) => job.input),
    all,
  );
  if (outcomes.length !== group.length) throw new Error('A batch answered the wrong count');
  return outcomes;
}

/** One group of jobs without a savepoint: an exception sends the batch to be run again. */
async function runPlain(
  trx: Db,
  group: Job[],
  groupStart: number,
  all: All,
): Promise<Settled<unknown>[]> {
  try {
    return await workOf(trx, group, all);
  } catch (error) {
    throw new RetryWithSavepoints(groupStart, error);
  }
}

/** One group of jobs in a savepoint; on an exception, each job again alone in its own. */
async function runGroup(
  trx: Db,
  group: Job[],
  nextName: () => string,
  all: All,
): Promise<Settled<unknown>[]> {
  if (group.length === 0) return [];
  const name = nextName();
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const outcomes = await workOf(trx, group, all);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return outcomes;
  } catch (error) {
    await sql.raw(`rollback to savepoint ${name}`).execute(trx);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    if (group.length === 1) return [{ ok: false, error }];
    const outcomes: Settled<unknown>[] = [];
    for (const job of group) outcomes.push(...(await runGroup(trx, [job], nextName, all)));
    return outcomes;
  }
}

/** Longest a lane waits for more requests to join before it begins a transaction. */
const GATHER_MAX_MS = 2;

/** A queue served by one transaction at a time. */
class Lane {
  readonly #maxBatch: number;
  readonly #execute: (jobs: Job[]) => Promise<void>;
  #queue: Job[] = [];
  #busy = false;
  #waiters: (() => void)[] = [];

  constructor(maxBatch: number, execute: (jobs: Job[]) => Promise<void>) {
    this.#maxBatch = maxBatch;
    this.#execute = execute;
  }

  enqueue(job: Job): void {
    this.#queue.push(job);
    if (this.#busy) return;
    this.#busy = true;
    this.#gather(performance.now(), 0);
  }

  idle(): Promise<void> {
    if (!this.#busy) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /**
   * Begins once a turn of the event loop brought no new request (or the batch is full, or
   * GATHER_MAX_MS passed): requests that are being authenticated and parsed right now join this
   * transaction instead of paying for a commit of their own.
   */
  #gather(since: number, seen: number): void {
    setImmediate(() => {
      const size = this.#queue.length;
      if (size > seen && size < this.#maxBatch && performance.now() - since < GATHER_MAX_MS) {
        this.#gather(since, size);
      } else {
        void this.#drain();
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      await this.#execute(this.#queue.splice(0, this.#maxBatch));
    }
    this.#busy = false;
    for (const resolve of this.#waiters.splice(0)) resolve();
  }
}
