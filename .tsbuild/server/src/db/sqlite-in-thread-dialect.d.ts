import type SQLite from 'better-sqlite3';
import { SqliteDialect, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
export declare class InThreadSqliteDialect extends SqliteDialect {
    #private;
    constructor(config: SqliteDialectConfig);
    createDriver(): Driver;
}
/**
 * The connection as Kysely sees it, keeping the most recently used prepared statements: Kysely
 * prepares every query anew, and preparing costs more than running most of ours.
 */
/** A connection whose prepared statements are kept (better-sqlite3's own statements). */
export interface CachedConnection extends SqliteDatabase {
    prepare(sql: string): SQLite.Statement;
    close(): void;
}
export declare function withStatementCache(connection: SQLite.Database, size?: number): CachedConnection;
