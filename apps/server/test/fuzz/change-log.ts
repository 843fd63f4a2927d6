import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { TestApp } from '../app';

/** One row written, changed or removed in any table of the app. */
export interface Change {
  table: string;
  op: 'insert' | 'update' | 'delete';
  /** The columns an update changed (an update that changed none is not recorded). */
  columns: string[];
}

/**
 * Every change to the app's tables, recorded by triggers that the suite adds to its test
 * database: a refused request must leave the data as it was, and reading what changed since the
 * last look is one indexed query whatever the size of the data (a fingerprint of every table
 * would grow with it). The triggers are made from the catalogue, so a table added later is
 * watched without touching the suite.
 */
export interface ChangeLog {
  /** The changes made since the previous call (or since the log was installed). */
  take(): Promise<Change[]>;
  close(): Promise<void>;
}

interface LogRow {
  seq: number | string;
  tbl: string;
  op: Change['op'];
  cols: string;
}

const logTable = 'fuzz_change_log';

// The test reads and writes tables of its own, outside the app's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function installSqlite(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE ${logTable} (seq INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, ` +
        `op TEXT NOT NULL, cols TEXT NOT NULL)`,
    )
    .execute(db);
  // Ordinary tables only: not the FTS5 tables of search nor their shadow tables (search_docs,
  // which they index, is watched).
  const { rows: tables } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_list
    WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'
      AND name NOT LIKE 'kysely_%' AND name <> ${logTable}`.execute(db);
  for (const { name } of tables) {
    const { rows: columns } = await sql<{
      name: string;
    }>`SELECT name FROM pragma_table_info(${name})`.execute(db);
    const changed = columns
      .map(
        (column) =>
          `CASE WHEN OLD.${quoted(column.name)} IS NOT NEW.${quoted(column.name)} ` +
          `THEN '${column.name.replace(/'/g, "''")} ' ELSE '' END`,
      )
      .join(' || ');
    const table = quoted(name);
    const literal = `'${name.replace(/'/g, "''")}'`;
    const insert = (op: string, cols: string) =>
      `INSERT INTO ${logTable} (tbl, op, cols) VALUES (${literal}, '${op}', ${cols});`;
    await sql
      .raw(
        `CREATE TRIGGER ${quoted(`fuzz_ins_${name}`)} AFTER INSERT ON ${table} ` +
          `BEGIN ${insert('insert', "''")} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${quoted(`fuzz_del_${name}`)} AFTER DELETE ON ${table} ` +
          `BEGIN ${insert('delete', "''")} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${quoted(`fuzz_upd_${name}`)} AFTER UPDATE ON ${table} ` +
          `WHEN (${changed}) <> '' BEGIN ${insert('update', changed)} END`,
      )
      .execute(db);
  }
}

async function installPostgres(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE ${logTable} (seq BIGSERIAL PRIMARY KEY, tbl TEXT NOT NULL, ` +
        `op TEXT NOT NULL, cols TEXT NOT NULL)`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION fuzz_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE changed text := '';
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          SELECT coalesce(string_agg(n.key, ' ' ORDER BY n.key), '') INTO changed
          FROM jsonb_each(to_jsonb(NEW)) n JOIN jsonb_each(to_jsonb(OLD)) o USING (key)
          WHERE n.value IS DISTINCT FROM o.value;
          IF changed = '' THEN RETURN NULL; END IF;
        END IF;
        INSERT INTO ${logTable} (tbl, op, cols) VALUES (TG_TABLE_NAME, lower(TG_OP), changed);
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  const { rows: tables } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_%'
      AND tablename <> ${logTable}`.execute(db);
  for (const { tablename } of tables) {
    await sql
      .raw(
        `CREATE TRIGGER fuzz_log AFTER INSERT OR UPDATE OR DELETE ON ${quoted(tablename)} ` +
          `FOR EACH ROW EXECUTE FUNCTION fuzz_log_change()`,
      )
      .execute(db);
  }
}

const readLog = `SELECT seq, tbl, op, cols FROM ${logTable} WHERE seq > $1 ORDER BY seq`;

/**
 * The log's reader, on a connection of its own (a fuzz request costs a millisecond or less: the
 * look after it must cost far less). On SQLite it first asks whether anything was committed at
 * all since the last look (`PRAGMA data_version`, answered from memory), so a request that wrote
 * nothing costs no query; on PostgreSQL the query is prepared once.
 */
async function logReader(t: TestApp): Promise<{
  rows(after: number): Promise<LogRow[] | undefined>;
  close(): Promise<void>;
}> {
  const database = t.config.database;
  if (database.kind === 'sqlite') {
    const connection = new SQLite(database.file);
    const version = connection.prepare('PRAGMA data_version').pluck();
    const select = connection.prepare(readLog.replace('$1', '?'));
    let seen: unknown;
    return {
      rows(after) {
        const now = version.get();
        if (now === seen) return Promise.resolve(undefined);
        seen = now;
        return Promise.resolve(select.all(after) as LogRow[]);
      },
      close: async () => void connection.close(),
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let seen = -1;
  return {
    async rows(after) {
      const now = mayHaveWritten();
      if (now === seen) return undefined;
      seen = now;
      const result = await client.query<LogRow>({
        name: 'fuzz_take',
        text: readLog,
        values: [after],
      });
      return result.rows;
    },
    close: () => client.end(),
  };
}

/** The statements that change no row: reads, and the ends of a transaction. */
const changesNothing =
  /^\s*(select\b(?![\s\S]*\bnextval\s*\()|begin\b|commit\b|rollback\b|show\b)/i;

let writes = 0;
let watching = false;

/**
 * A count that moves whenever this process may have written to PostgreSQL: it sent a statement
 * other than a read, or a message to a worker thread (the review writer writes on connections of
 * its own, only when asked). While it stands still, nothing can have changed, and the log needs
 * no query: most requests write nothing, and a query after each cost a third of the database's
 * work. It counts too much (any message, any statement that could write), never too little.
 */
function mayHaveWritten(): number {
  if (!watching) {
    watching = true;
    const query = pg.Client.prototype.query;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has many overloads
    (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
      const first: unknown = args[0];
      const text =
        typeof first === 'string'
          ? first
          : String((first as { text?: unknown } | undefined)?.text ?? '');
      if (!changesNothing.test(text)) writes += 1;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (query as any).apply(this, args);
    };
    const postMessage = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, ...args) {
      writes += 1;
      return postMessage.apply(this, args);
    };
  }
  return writes;
}

/** Adds the triggers to the test app's database and answers the log's reader. */
export async function installChangeLog(t: TestApp): Promise<ChangeLog> {
  const db = t.app.deps.db as unknown as AnyDb;
  await (t.app.deps.dbKind === 'postgres' ? installPostgres(db) : installSqlite(db));
  const reader = await logReader(t);
  let last = 0;
  return {
    async take() {
      // Mail and other work go on after an answer; what they write counts for that request.
      await t.idle();
      const rows = await reader.rows(last);
      if (!rows) return [];
      const lastRow = rows.at(-1);
      if (lastRow) last = Number(lastRow.seq);
      return rows.map((row) => ({
        table: row.tbl,
        op: row.op,
        columns: row.cols.split(' ').filter(Boolean),
      }));
    },
    close: () => reader.close(),
  };
}
