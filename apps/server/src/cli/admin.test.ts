import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { emptyDatabase } from '../../test/empty-database';
import { createUser } from '../../test/factories';
import { builtAdmin } from '../../test/server-process';
import { databaseUrl, testDatabaseKind } from '../../test/test-database';
import { migrationState } from '../db/database';
import { migrationProvider } from '../db/migrations/index';
import { runAdminCommand } from './admin-commands';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repositoryRoot = path.resolve(serverDir, '../..');

interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a learner's shell: none of the npm_* variables of the `npm run` that started
 * the tests, the Node of this run first on the PATH, and the settings given.
 */
function shellEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
  const path_ = `${path.dirname(process.execPath)}${path.delimiter}${process.env['PATH'] ?? ''}`;
  return { ...env, PATH: path_, LOG_LEVEL: 'silent', DATABASE_URL: '', ...settings };
}

function runProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return promisify(execFile)(command, args, { cwd, env }).then(
    ({ stdout, stderr }): ProcessResult => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }): ProcessResult => ({
      code: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** `npm run admin -- …` typed in the repository's root. */
function npmRunAdmin(args: string[], settings: Record<string, string>) {
  const npm = path.join(path.dirname(process.execPath), 'npm');
  return runProcess(
    fs.existsSync(npm) ? npm : 'npm',
    ['run', 'admin', '--', ...args],
    repositoryRoot,
    shellEnv(settings),
  );
}

/** The built command (what `npm run admin` runs after its build check), inside apps/server. */
function runAdminProcess(args: string[], settings: Record<string, string>) {
  return runProcess(process.execPath, [builtAdmin, ...args], serverDir, {
    ...shellEnv(settings),
    ...(testDatabaseKind() === 'postgres' ? postgresSettings : {}),
  });
}

const postgresSettings = {
  JWT_SECRET: 'admin-test-secret-long-enough-0123456789',
  PUBLIC_URL: 'http://glossa.test',
};

/**
 * The settings of the test app's server as a learner would give them: on SQLite a DATA_DIR
 * relative to the repository's root (where `npm start` resolves it).
 */
function serverSettings(t: TestApp): Record<string, string> {
  return t.config.database.kind === 'postgres'
    ? { DATABASE_URL: t.config.database.url, ...postgresSettings }
    : { DATA_DIR: path.relative(repositoryRoot, t.config.dataDir) };
}

describe('the admin command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const run = (args: string[]) => runAdminCommand(args, { db: t.app.deps.db, now: Date.now });
  const roleOf = async (id: string) =>
    (
      await t.app.deps.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).role;

  it('promotes a user by e-mail, case-insensitively, and demotes them again', async () => {
    // Another admin stays: the last one is never demoted (tested below).
    await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    const promoted = await run(['promote', `  ${user.email.toUpperCase()} `]);
    expect(promoted.exitCode).toBe(0);
    expect(promoted.message).toContain(user.username);
    expect(promoted.message).toMatch(/now has the admin role/);
    expect(await roleOf(user.id)).toBe('admin');

    const again = await run(['promote', user.email]);
    expect(again).toMatchObject({ exitCode: 0, message: expect.stringMatching(/nothing changed/) });

    const demoted = await run(['demote', user.email]);
    expect(demoted.exitCode).toBe(0);
    expect(await roleOf(user.id)).toBe('user');
  });

  it('refuses to demote the last admin (exit code 1, nothing changed), and demotes once another exists', async () => {
    // Only this test's admins: the others' are users again, or disabled.
    await t.app.deps.db.updateTable('users').set({ role: 'user' }).execute();
    const last = await createUser(t, { role: 'admin' });
    const refused = await run(['demote', last.email]);
    expect(refused.exitCode).toBe(1);
    expect(refused.message).toContain(`${last.username} <${last.email}> is the last admin`);
    expect(await roleOf(last.id)).toBe('admin');
    // A disabled admin is no admin to rely on.
    await createUser(t, { role: 'admin', disabled: true });
    expect((await run(['demote', last.email])).exitCode).toBe(1);
    const other = await createUser(t, { role: 'admin' });
    // Both at once: exactly one is demoted, one admin is left.
    const both = await Promise.all([run(['demote', last.email]), run(['demote', other.email])]);
    expect(both.map((r) => r.exitCode).sort()).toEqual([0, 1]);
    expect([await roleOf(last.id), await roleOf(other.id)].sort()).toEqual(['admin', 'user']);
  });

  it('refuses an unknown e-mail with exit code 1 and changes nothing', async () => {
    const result = await run(['promote', 'nobody@example.com']);
    expect(result.exitCode).toBe(1);
    expect(result.message).toContain('No user has the e-mail address nobody@example.com');
  });

  it.each([[[]], [['grant', 'a@example.com']], [['promote']], [['promote', 'a@b.c', 'extra']]])(
    'refuses the command line %j with exit code 2 and the usage',
    async (args) => {
      const result = await run(args);
      expect(result.exitCode).toBe(2);
      expect(result.message).toContain('Usage: npm run admin -- <command> <email>');
    },
  );

  it('runs as a learner runs it, `npm run admin -- promote <email>` from the repository', async () => {
    const user = await createUser(t);
    const env = serverSettings(t);
    const promoted = await npmRunAdmin(['promote', user.email], env);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`${user.username} <${user.email}> now has the admin role`);
    expect(promoted.stderr).toBe('');
    expect(await roleOf(user.id)).toBe('admin');

    // A refusal is one line on stderr, with the exit code, and no npm lifecycle error around it.
    const unknown = await npmRunAdmin(['promote', 'ghost@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^No user has the e-mail address ghost@example\.com in the (SQLite|PostgreSQL) database /,
      ),
    ]);
    expect(unknown.stdout + unknown.stderr).not.toMatch(/npm error|Lifecycle/i);
  }, 60_000);

  it('refuses a database without Glossa tables, creating none', async () => {
    const empty = await emptyDatabase('admin');
    try {
      const result = await runAdminProcess(['promote', 'anna@example.com'], empty.settings);
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/database .* has no Glossa tables: give this command the server/),
      ]);
      expect(await migrationState(empty.db)).toBe('empty');
    } finally {
      await empty.drop();
    }
  }, 30_000);

  it('refuses a database older than this version, migrating nothing', async () => {
    const older = await emptyDatabase('admin');
    try {
      await new Migrator({ db: older.db, provider: migrationProvider }).migrateTo('0001-accounts');
      const result = await runAdminProcess(['promote', 'anna@example.com'], older.settings);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(
        /is older than this version of Glossa: start the server once \(npm start\)/,
      );
      expect(await migrationState(older.db)).toBe('behind');
    } finally {
      await older.drop();
    }
  }, 30_000);

  it.runIf(testDatabaseKind() === 'sqlite')(
    'refuses a DATA_DIR without a database, and creates neither the folder nor the file',
    async () => {
      const dataDir = path.join(os.tmpdir(), `glossa-admin-none-${process.pid}-${Date.now()}`);
      const result = await runAdminProcess(['promote', 'anna@example.com'], {
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `No Glossa database at ${path.join(dataDir, 'glossa.db')}: give this command the ` +
          "server's settings (DATA_DIR or DATABASE_URL, as `npm start` has them).",
      );
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    30_000,
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'refuses a PostgreSQL database that does not exist, in one line',
    async () => {
      const name = `glossa_admin_missing_${process.pid}`;
      const result = await runAdminProcess(['promote', 'anna@example.com'], {
        DATABASE_URL: databaseUrl(name),
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^Could not use the PostgreSQL database ${name} on .*does not exist`),
        ),
      ]);
    },
    30_000,
  );
});
