import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { GroupCommit } from './group-commit';
import type { Database } from './schema';
export type Db = Kysely<Database>;
export type DatabaseKind = Config['database']['kind'];
export interface DatabaseHandle {
    db: Db;
    kind: DatabaseKind;
    /** A raw PostgreSQL pool (LISTEN/NOTIFY for realtime), absent on SQLite. */
    pool: pg.Pool | undefined;
    /** Shared transactions for the study writes (docs/decisions/0005-group-commit.md). */
    groupCommit: GroupCommit;
    close(): Promise<void>;
}
/** Most requests in one shared transaction. */
export declare const MAX_BATCH = 200;
/**
 * PostgreSQL writers running side by side, out of the pool of 10: one builds its batch while the
 * other waits for the server. On the bench 1 and 2 lanes did alike and 4 did worse (smaller
 * batches, more statements per review).
 */
export declare const POSTGRES_LANES = 2;
export declare function openSqlite(file: string): SQLite.Database;
/**
 * onIdleError: an idle PostgreSQL connection failed (server restart, terminated backend). The
 * pool drops it and opens another for the next query; without a listener the pool's 'error'
 * event would crash the process.
 */
export declare function createDatabase(database: Config['database'], onIdleError?: (error: Error) => void): DatabaseHandle;
/**
 * A connection of its own for a worker thread (the review writer), on the app's database: on
 * SQLite one connection used synchronously by that thread (checkpoints are left to the app's
 * checkpointer), on PostgreSQL a small pool, `connections` at most.
 */
export declare function openDatabaseInThread(database: Config['database'], connections: number): {
    db: Db;
    kind: DatabaseKind;
    close(): Promise<void>;
};
export declare function migrateToLatest(db: Db): Promise<void>;
export declare function isDatabaseUp(db: Db): Promise<boolean>;
