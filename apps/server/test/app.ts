import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config, type Env } from '../src/config';
import type { PasswordHashCost } from '../src/security/passwords';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox';
import { adminUrl, databaseUrl, testDatabaseKind } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  inbox: SmtpInbox;
  /** Sends a request through app.inject and parses the JSON envelope. */
  call(options: InjectOptions & { token?: string }): Promise<TestResponse>;
  /**
   * Resolves when the work the app goes on with after answering (mail) has finished and every
   * message sent has reached the inbox: then "nothing was mailed" can be asserted.
   */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  code: string;
  // Tests assert on the payload's shape; its type is the contract's, checked by the assertions.
  payload: Record<string, unknown> & { issues?: { path: string; message: string }[] };
  raw: LightMyRequestResponse;
}

/**
 * What test apps hash new passwords with unless a test passes `passwordCost` (undefined for the
 * app's own OWASP cost): argon2id at 1 MiB and one pass, about a hundredth of the OWASP cost.
 */
const testPasswordCost: PasswordHashCost = { memoryCost: 1024, timeCost: 1 };

/**
 * Where a test app keeps a database that need not survive a crash: in memory (tmpfs), so a
 * commit's sync costs nothing. The suites that send hundreds of thousands of writes (the fuzz
 * suite) would otherwise spend most of their time waiting for the disk.
 */
const memoryDir = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

export interface TestAppOptions extends BuildOptions {
  env?: Env;
  /**
   * false: a commit need not reach the disk (SQLite's file in memory, PostgreSQL's
   * synchronous_commit off). For suites that test answers, not durability; default true.
   */
  durable?: boolean;
}

/** A fresh app on its own copy of the migrated template database, with mail. */
export async function createTestApp({
  durable = true,
  ...options
}: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(durable ? os.tmpdir() : memoryDir, 'glossa-test-'));
  const inbox = await startSmtpInbox();
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseEnv: Env = {};
  if (testDatabaseKind() === 'postgres') {
    const template = inject('pgTemplate');
    const name = `${template.replace('glossa_tpl_', 'glossa_tf_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    // A commit answers before its WAL is flushed; a crash could lose the last ones, nothing more.
    if (!durable) await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
    await admin.end();
    databaseEnv = { DATABASE_URL: databaseUrl(name) };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    // The app's database file under DATA_DIR, migrated already.
    fs.copyFileSync(inject('sqliteTemplate'), path.join(dataDir, 'glossa.db'));
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    AUTH_RATE_LIMIT: '100000',
    STUDY_RATE_LIMIT: '100000',
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'http://glossa.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...databaseEnv,
    ...options.env,
  });
  const app = await buildApp(config, { passwordCost: testPasswordCost, ...options });

  return {
    app,
    config,
    inbox,
    async call({ token, headers, ...rest }) {
      const raw = await app.inject({
        ...rest,
        headers: {
          ...headers,
          ...(token ? { authorization: `Bearer ${Buffer.from(token).toString('base64')}` } : {}),
        },
      });
      let body: { code?: string; payload?: unknown } = {};
      try {
        body = raw.json();
      } catch {
        body = {};
      }
      return {
        status: raw.statusCode,
        headers: raw.headers,
        code: body.code ?? '',
        payload: (body.payload ?? {}) as TestResponse['payload'],
        raw,
      };
    },
    idle: () => app.deps.background.idle(),
    async close() {
      await app.close();
      await inbox.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
