import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openSqlite } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { adminUrl, databaseUrl, testDatabaseKind } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    /** A migrated SQLite file, copied by each test app (empty on PostgreSQL). */
    sqliteTemplate: string;
  }
}

/**
 * The server built as `npm start` runs it (build.mjs, into dist/): the tests that start the server
 * or the admin command line as a process run it, and the in-process apps start their worker
 * threads from it (test/setup.ts), since vitest has no loader for a thread's TypeScript.
 */
function buildServer() {
  // Only when stale: a second project of the run, or a run beside the browser journeys or another
  // server suite, would otherwise rewrite the files a running server or worker thread loads.
  execFileSync(process.execPath, ['build.mjs', '--if-stale'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
}

/**
 * Build the server once per run when its sources changed (above). Migrate one template database per run; every test app
 * then gets its own database copied from it (a file copy on SQLite, CREATE DATABASE … TEMPLATE on
 * PostgreSQL), so tests never share rows and none pays for the migrations again.
 */
export default async function setup(project: TestProject) {
  buildServer();
  if (testDatabaseKind() !== 'postgres') {
    project.provide('pgTemplate', '');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-template-'));
    const file = path.join(dir, 'glossa.db');
    const connection = openSqlite(file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
    await migrateToLatest(db);
    // Everything into the main file, so that copying it alone copies the whole database.
    connection.pragma('wal_checkpoint(TRUNCATE)');
    await db.destroy();
    project.provide('sqliteTemplate', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  project.provide('sqliteTemplate', '');
  const template = `glossa_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const db = new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl(template) }),
    }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await migrateToLatest(db as Kysely<any>);
  await db.destroy();
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`glossa_t%_${process.pid}_%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
  };
}
