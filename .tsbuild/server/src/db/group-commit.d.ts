import { type CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database';
/** The outcome of one request's share of a batch. */
export type Settled<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    error: unknown;
};
/**
 * Runs statements in the open transaction, in order, sent together where the database allows it
 * (SQLite's writer thread): one wait for all of them.
 */
export type ExecuteAll = (trx: Db, queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;
/** One statement after the other: what any Kysely connection can do. */
export declare const executeInTurn: ExecuteAll;
/**
 * Work done for several requests at once inside the shared transaction, answering one outcome per
 * input, in order. An input answered `ok: false` must have written nothing; an exception means
 * the work failed as a whole (the transaction is then rolled back and each input run again alone,
 * in its own savepoint).
 */
export type BatchWork<I, O> = (trx: Db, inputs: readonly I[], executeAll: (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>) => Promise<Settled<O>[]>;
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
/**
 * Group commit (docs/decisions/0005-group-commit.md): requests that arrive while a lane's
 * transaction runs wait and share the next one, so one durable commit (fsync) serves many of
 * them. Every request's writes run in a savepoint, so a failing request rolls back only itself;
 * each request is answered only after the commit that holds its writes has returned. Requests with
 * the same key (a learner) always share a lane, so their writes keep their order and never wait on
 * each other's locks from another transaction.
 */
export declare class GroupCommit {
    #private;
    constructor(db: Db, options: GroupCommitOptions);
    /** Runs `work` for one request in the next transaction of its key's lane. */
    run<T>(key: string, work: (trx: Db) => Promise<T>): Promise<T>;
    /**
     * Adds `input` to the next transaction of its key's lane; consecutive inputs of the same `work`
     * are handed to it together.
     */
    submit<I, O>(key: string, work: BatchWork<I, O>, input: I): Promise<O>;
    /** Commits so far, and the requests they answered (their ratio is the sharing achieved). */
    stats(): {
        commits: number;
        requests: number;
    };
    /** Refuses new work and waits until every accepted request is answered. */
    close(): Promise<void>;
}
