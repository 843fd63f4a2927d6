import { sql } from 'kysely';
import pg from 'pg';
import { startBenchServer } from '../lib/server';
import { call, seed, signIn, user } from '../statistics.bench';

const kind = process.argv[2];
let env = {};
if (kind === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS glossa_statscale_keep WITH (FORCE)');
  await admin.query('CREATE DATABASE glossa_statscale_keep');
  await admin.end();
  env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/glossa_statscale_keep' };
} else {
  env = { DATA_DIR: '/tmp/statscale-sqlite' };
}
const server = await startBenchServer(env);
await call(server, 'POST', '/api/user/create', undefined, user);
const bearer = await signIn(server);
await seed(server, bearer, Date.now());
if (kind === 'pg') await sql`vacuum analyze`.execute(server.app.deps.db);
console.log('seeded', kind);
await server.stop();
