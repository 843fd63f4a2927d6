import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openSqlite } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { adminUrl, databaseUrl, testDatabaseKind } from './test-database';

/**
 * A database of its own, with no migration run, on the suite's kind of database: for a test of a
 * migration on data written before it. `label` names it, to tell a leftover apart. `settings`
 * are the server's settings that point at it (DATA_DIR or DATABASE_URL).
 */
export async function emptyDatabase(label: string): Promise<{
  db: Kysely<Database>;
  settings: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (testDatabaseKind() !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `glossa-${label}-`));
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: openSqlite(path.join(dir, 'glossa.db')) }),
    });
    return {
      db,
      settings: { DATA_DIR: dir },
      drop: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `glossa_m${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrl(name) });
  // DROP DATABASE … WITH (FORCE) below may reach a connection the pool is still closing: the
  // server ends it (57P01) and the pool re-emits that as its 'error', which without a listener was
  // an uncaught exception that failed a whole PostgreSQL run (CI, admin.test.ts).
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    settings: { DATABASE_URL: databaseUrl(name) },
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A learner's row written straight into the users table, as a migration test needs one on a
 * schema older than today's (the factories go through the app, which needs the latest schema).
 */
export async function insertRawUser(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      username: id,
      username_lower: id,
      username_skeleton: id,
      email: `${id}@example.com`,
      email_lower: `${id}@example.com`,
      email_verified: 0,
      password_hash: 'x',
      role: 'user',
      is_freeloaded: 0,
      disabled: 0,
      security_stamp: 's',
      settings: '{}',
      created_at: 1,
      updated_at: 1,
    })
    .execute();
}

/**
 * A root category's row as the migrations' tests write it by hand (no app code at their
 * version): `u1`'s unless given, private, es → en, made at 10.
 */
export function rawCategoryRow(
  id: string,
  overrides: {
    owner_id?: string;
    visibility?: 'private' | 'shared' | 'public';
    updated_at?: number;
  } = {},
) {
  return {
    id,
    owner_id: 'u1',
    parent_id: null,
    parent_key: '',
    path: id,
    depth: 1,
    name: id,
    name_lower: id,
    description: '',
    visibility: 'private' as const,
    from_language_code: 'es',
    to_language_code: 'en',
    created_at: 10,
    updated_at: 10,
    ...overrides,
  };
}
