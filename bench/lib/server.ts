import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
// The app's `deps` on FastifyInstance: a module augmentation, which the server's declarations
// (read by this project's typecheck) carry only with the module that declares it.
import type {} from '../../apps/server/src/app-deps';
import { loadConfig, type Env } from '../../apps/server/src/config';
import { runWorkersFrom } from '../../apps/server/src/workers/start-worker';

// The app runs from its sources; its worker threads from the server's build (`npm run bench`
// builds it first), as in the server's tests.
runWorkersFrom(new URL('../../apps/server/dist/', import.meta.url));

const adminUrl = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServer {
  app: FastifyInstance;
  url: string;
  /** The settings it runs with: another process started with them uses the same database. */
  env: Env;
  /** Stops this app (its database stays, for another process to serve). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The real app listening on a free port, on a fresh SQLite database (or DATABASE_URL if given). */
export async function startBenchServer(env: Env = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-bench-'));
  const settings: Env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    // Throughput benches measure the writer, not the per-learner limit (the fairness bench's
    // server keeps it).
    STUDY_RATE_LIMIT: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://glossa.bench',
    ...env,
  };
  const config = loadConfig(settings);
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As main.ts does: the review writer's thread is started before the first answer.
  await app.deps.reviewWriter.warmUp();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    env: settings,
    stop,
    async close() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `work` on a bench server over SQLite, then over a fresh PostgreSQL database created and
 * dropped around it (skipped with a message when PostgreSQL is unreachable).
 */
export async function onBothDatabases(
  label: string,
  work: (kind: 'SQLite' | 'PostgreSQL', server: BenchServer) => Promise<void>,
): Promise<void> {
  // BENCH_DB=sqlite or postgres runs one of them only.
  const only = process.env['BENCH_DB'];
  if (only !== 'postgres') {
    const sqlite = await startBenchServer();
    try {
      await work('SQLite', sqlite);
    } finally {
      await sqlite.close();
    }
  }
  if (only === 'sqlite') return;

  const name = `glossa_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${adminUrl} unreachable, skipped: ${String(error)}`);
    return;
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await startBenchServer({ DATABASE_URL: url.toString() });
    try {
      await work('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
