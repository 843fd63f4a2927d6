import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseIntrospector, type Dialect, type DialectAdapter, type Driver, type Kysely, type QueryCompiler, type QueryResult } from 'kysely';
/**
 * SQLite in two connections (docs/decisions/0006-writer-threads.md):
 *
 * - every transaction and every write runs on a connection owned by a worker thread, one at a
 *   time, so a durable COMMIT (synchronous=FULL syncs the write-ahead log) and the pages it
 *   writes never block the event loop;
 * - a read outside a transaction runs at once on the main thread's own connection. In WAL mode a
 *   reader is never blocked by the writer and sees every transaction committed before it began,
 *   so it no longer waits behind another request's open transaction either.
 *
 * Write transactions begin IMMEDIATE: the write lock is taken at BEGIN, so two writers (another
 * process, an admin command) never deadlock upgrading a read lock (SQLITE_BUSY mid-transaction).
 */
export declare class RoutedSqliteDialect implements Dialect {
    #private;
    constructor(options: SqliteConnectionOptions);
    createDriver(): Driver;
    createQueryCompiler(): QueryCompiler;
    createAdapter(): DialectAdapter;
    createIntrospector(db: Kysely<any>): DatabaseIntrospector;
    /**
     * Runs statements in the open transaction, sent to the writer thread together: one wait for
     * all of them instead of one each. Stops at the first that fails (the error is thrown).
     */
    executeInTransaction(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]>;
}
export interface SqliteConnectionOptions {
    file: string;
    /** Opens the main thread's connection (the file, WAL mode and pragmas set). */
    open(): SQLite.Database;
    /** The same pragmas for the writer thread's connection. */
    pragmas: string[];
}
/** 16,000 pages of 4 KiB: 64 MiB. */
export declare const WRITER_CHECKPOINT_PAGES = 16000;
