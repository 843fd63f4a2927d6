import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * One SQLite connection used by the thread that runs it, for a thread of its own (the review
 * writer, docs/decisions/0006-writer-threads.md): its queries run synchronously, so a
 * transaction never waits for an event loop between its statements. Write transactions begin
 * IMMEDIATE: the write lock is taken at BEGIN, so two writers (this and the app's writer thread)
 * never deadlock upgrading a read lock to a write lock (SQLITE_BUSY mid-transaction); one waits
 * for the other (busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class InThreadSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
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

export function withStatementCache(connection: SQLite.Database, size = 500): CachedConnection {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last, so the first key is the one to evict.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = connection.prepare(sql);
      if (cached) return statement;
      cache.set(sql, statement);
      if (cache.size > size) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return statement;
    },
  };
}
