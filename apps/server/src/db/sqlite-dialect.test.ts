import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from './database';
import { RoutedSqliteDialect } from './sqlite-dialect';

interface Probe {
  probe: { id: number; note: string };
}

const pragmas = ['journal_mode = WAL', 'synchronous = FULL', 'foreign_keys = ON'];

/** The routed dialect (docs/decisions/0006-writer-threads.md) on a SQLite file of its own. */
describe('SQLite: reads on the main thread, transactions and writes in the writer thread', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-routed-'));
  let file: string;
  let dialect: RoutedSqliteDialect;
  let db: Kysely<Probe>;
  let n = 0;
  beforeEach(async () => {
    file = path.join(dir, `routed-${(n += 1)}.db`);
    dialect = new RoutedSqliteDialect({
      file,
      open: () => openSqlite(file),
      pragmas: [...pragmas, 'busy_timeout = 200'],
    });
    db = new Kysely<Probe>({ dialect });
    await sql`create table probe (id integer primary key, note text not null unique)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const notes = async () =>
    (await db.selectFrom('probe').select('note').orderBy('id').execute()).map((row) => row.note);

  it('lets a read through while a transaction is open, showing only what was committed', async () => {
    await db.insertInto('probe').values({ id: 1, note: 'before' }).execute();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 2, note: 'inside' }).execute();
      await held;
    });
    // The transaction holds the writer; the read answers at once, without its row.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await notes()).toEqual(['before']);
    release();
    await transaction;
    expect(await notes()).toEqual(['before', 'inside']);
  });

  it('runs writes outside a transaction after the transaction under way', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 1, note: 'first' }).execute();
      await held;
      order.push('transaction');
    });
    const write = db
      .insertInto('probe')
      .values({ id: 2, note: 'second' })
      .execute()
      .then(() => order.push('write'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([transaction, write]);
    expect(order).toEqual(['transaction', 'write']);
    expect(await notes()).toEqual(['first', 'second']);
  });

  it('rolls a failed transaction back and keeps the error code of SQLite', async () => {
    await db.insertInto('probe').values({ id: 1, note: 'taken' }).execute();
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 2, note: 'rolled back' }).execute();
      await trx.insertInto('probe').values({ id: 3, note: 'taken' }).execute();
    });
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await notes()).toEqual(['taken']);
    // The writer is free again.
    await db.insertInto('probe').values({ id: 4, note: 'after' }).execute();
    expect(await notes()).toEqual(['taken', 'after']);
  });

  it('sends statements of a transaction together and stops at the first that fails', async () => {
    const compiled = (id: number, note: string) =>
      db.insertInto('probe').values({ id, note }).compile();
    await db.transaction().execute(async () => {
      const results = await dialect.executeInTransaction([
        compiled(1, 'a'),
        compiled(2, 'b'),
        db.selectFrom('probe').selectAll().orderBy('id').compile(),
      ]);
      expect(results.map((result) => result.rows.length)).toEqual([0, 0, 2]);
      expect(results[0]?.numAffectedRows).toBe(1n);
    });
    const failed = db.transaction().execute(async () => {
      await dialect.executeInTransaction([compiled(3, 'c'), compiled(4, 'a'), compiled(5, 'e')]);
    });
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await notes()).toEqual(['a', 'b']);
    await expect(dialect.executeInTransaction([compiled(6, 'f')])).rejects.toThrow(
      'No transaction is open',
    );
  });

  it('waits for another process holding the write lock, and fails cleanly past busy_timeout', async () => {
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    other.exec('begin immediate');
    const blocked = db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 1, note: 'blocked' }).execute();
    });
    await expect(blocked).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('rollback');
    other.close();
    // Nothing half-done is left behind: the next transaction begins and commits.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 2, note: 'later' }).execute();
    });
    expect(await notes()).toEqual(['later']);
  });

  it('keeps every connection durable (synchronous=FULL) and checkpoints the log', async () => {
    const { rows } = await db.executeQuery<{ synchronous: number }>(
      CompiledQuery.raw('pragma synchronous'),
    );
    expect(rows[0]?.synchronous).toBe(2);
    await db.transaction().execute(async (trx) => {
      for (let id = 1; id <= 200; id += 1) {
        await trx
          .insertInto('probe')
          .values({ id, note: `note ${'x'.repeat(200)} ${id}` })
          .execute();
      }
    });
    // The checkpointer copies the log into the database file within a few of its turns.
    const size = () => fs.statSync(file).size;
    const start = Date.now();
    while (size() < 40_000 && Date.now() - start < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(size()).toBeGreaterThan(40_000);
  });
});
