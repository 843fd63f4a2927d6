import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { withStatementCache, type CachedConnection } from './sqlite-in-thread-dialect';
import { WriterThread } from './sqlite-writer-thread';

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
export class RoutedSqliteDialect implements Dialect {
  readonly #options: SqliteConnectionOptions;
  #driver: RoutedSqliteDriver | undefined;

  constructor(options: SqliteConnectionOptions) {
    this.#options = options;
  }

  createDriver(): Driver {
    this.#driver = new RoutedSqliteDriver(this.#options);
    return this.#driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }

  /**
   * Runs statements in the open transaction, sent to the writer thread together: one wait for
   * all of them instead of one each. Stops at the first that fails (the error is thrown).
   */
  executeInTransaction(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    const connection = this.#driver?.transaction;
    if (!connection) return Promise.reject(new Error('No transaction is open'));
    return connection.executeMany(queries);
  }
}

export interface SqliteConnectionOptions {
  file: string;
  /** Opens the main thread's connection (the file, WAL mode and pragmas set). */
  open(): SQLite.Database;
  /** The same pragmas for the writer thread's connection. */
  pragmas: string[];
}

const beginImmediate = CompiledQuery.raw('begin immediate');

/** 16,000 pages of 4 KiB: 64 MiB. */
export const WRITER_CHECKPOINT_PAGES = 16_000;

class RoutedSqliteDriver implements Driver {
  readonly #options: SqliteConnectionOptions;
  readonly #writeLock = new Mutex();
  #reader: CachedConnection | undefined;
  #writer: WriterThread | undefined;
  #checkpointer: WriterThread | undefined;
  /** The connection whose transaction holds the writer (one at a time). */
  transaction: RoutedConnection | undefined;

  constructor(options: SqliteConnectionOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    // The main connection first: it creates the file and switches it to WAL.
    this.#reader = withStatementCache(this.#options.open());
    const { file, pragmas } = this.#options;
    [this.#writer, this.#checkpointer] = await Promise.all([
      // Commits leave checkpoints to the checkpointer; past this many pages of log (a checkpointer
      // that fell behind) the writer checkpoints itself.
      WriterThread.start(file, 'writer', [
        ...pragmas,
        `wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`,
      ]),
      WriterThread.start(file, 'checkpointer', pragmas),
    ]);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#reader || !this.#writer) throw new Error('The database is not open');
    return new RoutedConnection(this.#reader, this.#writer, this.#writeLock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    await routed.begin();
    this.transaction = routed;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as RoutedConnection, 'rollback');
  }

  async #end(connection: RoutedConnection, statement: 'commit' | 'rollback'): Promise<void> {
    // Cleared first: the lock may pass to the next transaction as soon as this one ends.
    const current = this.transaction;
    if (current === connection) this.transaction = undefined;
    try {
      await connection.end(statement);
    } catch (error) {
      // A failed COMMIT keeps its transaction open: Kysely rolls back next.
      if (statement === 'commit' && current === connection) this.transaction = connection;
      throw error;
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // Whatever holds the write lock finishes first.
    await this.#writeLock.lock();
    try {
      await Promise.all([this.#writer?.close(), this.#checkpointer?.close()]);
      this.#reader?.close();
    } finally {
      this.#writeLock.unlock();
    }
  }
}

class RoutedConnection implements DatabaseConnection {
  readonly #reader: CachedConnection;
  readonly #writer: WriterThread;
  readonly #writeLock: Mutex;
  #inTransaction = false;
  #beginPending = false;

  constructor(reader: CachedConnection, writer: WriterThread, writeLock: Mutex) {
    this.#reader = reader;
    this.#writer = writer;
    this.#writeLock = writeLock;
  }

  /**
   * Takes the writer; BEGIN itself goes out with the transaction's first statement (one wait
   * fewer). A BEGIN that fails fails that statement, and Kysely's rollback then ends it.
   */
  async begin(): Promise<void> {
    await this.#writeLock.lock();
    this.#inTransaction = true;
    this.#beginPending = true;
  }

  /** The statements to send, BEGIN first when it has not gone out yet. */
  #withBegin(queries: readonly CompiledQuery[]): readonly CompiledQuery[] {
    if (!this.#beginPending) return queries;
    this.#beginPending = false;
    return [beginImmediate, ...queries];
  }

  async #inWriter<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#beginPending) return this.#writer.execute<R>(query);
    const [, result] = await this.#writer.executeMany(this.#withBegin([query]));
    return result as QueryResult<R>;
  }

  /** COMMIT or ROLLBACK. A failed COMMIT keeps the lock: Kysely rolls back next. */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    const release = () => {
      if (!this.#inTransaction) return;
      this.#inTransaction = false;
      this.#writeLock.unlock();
    };
    if (this.#beginPending) {
      // Nothing was sent: there is no transaction to end.
      this.#beginPending = false;
      release();
      return;
    }
    if (statement === 'commit') {
      await this.#writer.execute(CompiledQuery.raw('commit'));
      release();
      return;
    }
    try {
      await this.#writer.execute(CompiledQuery.raw('rollback'));
    } catch (error) {
      // A BEGIN that failed left no transaction behind.
      if (!/no transaction is active/.test(String(error))) throw error;
    } finally {
      release();
    }
  }

  async executeMany(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    if (!this.#inTransaction) throw new Error('No transaction is open');
    const begun = this.#beginPending;
    const results = await this.#writer.executeMany(this.#withBegin(queries));
    return begun ? results.slice(1) : results;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction) return this.#inWriter<R>(query);
    const statement = this.#reader.prepare(query.sql);
    if (statement.readonly) {
      return { rows: statement.all(...(query.parameters as unknown[])) as R[] };
    }
    // A write outside a transaction: its own, after any transaction under way.
    await this.#writeLock.lock();
    try {
      return await this.#writer.execute<R>(query);
    } finally {
      this.#writeLock.unlock();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#reader.prepare(query.sql);
    if (this.#inTransaction || !statement.readonly) {
      throw new Error('Only reads outside a transaction can be streamed');
    }
    for (const row of statement.iterate(...(query.parameters as unknown[]))) {
      yield { rows: [row as R] };
    }
  }
}

/** One holder at a time, in the order they asked. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    const previous = this.#tail;
    let release: () => void = () => undefined;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
  }

  unlock(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
}
