import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations/index';
import type { Database, Db } from './schema';
import { RoutedSqliteDialect, WRITER_CHECKPOINT_PAGES } from './sqlite-dialect';
import { InThreadSqliteDialect, withStatementCache } from './sqlite-in-thread-dialect';

// Where the app imports the executor's type from; it is declared beside the tables, so that
// group-commit.ts needs nothing of this file.
export type { Db };
export type DatabaseKind = Config['database']['kind'];

// PostgreSQL int8 (our epoch-millisecond times and counts) as JS numbers, like SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** A raw PostgreSQL pool (LISTEN/NOTIFY for realtime), absent on SQLite. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

/** Most requests in one shared transaction (docs/decisions/0005-group-commit.md). */
export const MAX_BATCH = 200;

/** Every SQLite connection's settings (the main thread's and the writer thread's). */
const sqlitePragmas = [
  'journal_mode = WAL',
  // FULL: a commit is on disk before it is acknowledged (docs/design.md §8).
  'synchronous = FULL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
];

/**
 * Every PostgreSQL session's settings. JIT off: the app's queries are short and indexed, but a
 * query with subplans the planner costs as scans of every card (never run: an OR that an earlier
 * branch settles) crosses jit_above_cost, and compiling it took 1 s of a 30 ms query (the
 * dashboard's forecast and new-card count at 100,000 cards; decision 0036's addendum).
 */
const pgSessionOptions = '-c jit=off';

/** `mustExist`: refuse to create the file (the admin command works on the server's database). */
export function openSqlite(file: string, { mustExist = false } = {}): SQLite.Database {
  if (!mustExist) fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file, { fileMustExist: mustExist });
  for (const pragma of sqlitePragmas) connection.pragma(pragma);
  return connection;
}

/**
 * onIdleError: an idle PostgreSQL connection failed (server restart, terminated backend). The
 * pool drops it and opens another for the next query; without a listener the pool's 'error'
 * event would crash the process.
 */
export function createDatabase(
  database: Config['database'],
  onIdleError: (error: Error) => void = () => undefined,
  { mustExist = false } = {},
): DatabaseHandle {
  if (database.kind === 'sqlite') {
    const dialect = new RoutedSqliteDialect({
      file: database.file,
      open: () => openSqlite(database.file, { mustExist }),
      pragmas: sqlitePragmas,
    });
    const db = new Kysely<Database>({ dialect });
    return { db, kind: 'sqlite', pool: undefined, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    options: pgSessionOptions,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  pool.on('error', onIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', pool, close: () => db.destroy() };
}

/**
 * A connection of its own for a worker thread (the review writer), on the app's database: on
 * SQLite one connection used synchronously by that thread (checkpoints are left to the app's
 * checkpointer), on PostgreSQL a small pool, `connections` at most.
 */
export function openDatabaseInThread(
  database: Config['database'],
  connections: number,
): { db: Db; kind: DatabaseKind; close(): Promise<void> } {
  if (database.kind === 'sqlite') {
    const connection = openSqlite(database.file);
    connection.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
    const db = new Kysely<Database>({
      dialect: new InThreadSqliteDialect({ database: withStatementCache(connection) }),
    });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    options: pgSessionOptions,
    max: connections,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  // An idle connection that fails is dropped by the pool; the next query opens another.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      failed ? `Migration ${failed.migrationName} failed` : 'Migrating the database failed',
      { cause: error },
    );
  }
}

/**
 * How the database stands against this build's migrations, read without changing anything:
 * `empty` (no migration ever ran: not a Glossa database yet), `behind` (some wait) or `current`.
 */
export async function migrationState(db: Db): Promise<'empty' | 'behind' | 'current'> {
  const migrations = await new Migrator({ db, provider: migrationProvider }).getMigrations();
  const done = migrations.filter((migration) => migration.executedAt !== undefined).length;
  return done === 0 ? 'empty' : done < migrations.length ? 'behind' : 'current';
}

export async function isDatabaseUp(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
