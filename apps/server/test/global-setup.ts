import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/database';
import { adminUrl, databaseUrl, testDatabaseKind } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/**
 * On PostgreSQL, migrate one template database per run; every test file then gets its own
 * database copied from it (CREATE DATABASE … TEMPLATE), so tests never share rows.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseKind() !== 'postgres') {
    project.provide('pgTemplate', '');
    return;
  }
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
