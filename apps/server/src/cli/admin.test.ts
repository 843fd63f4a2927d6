import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { builtAdmin } from '../../test/server-process';
import { runAdminCommand } from './admin-commands';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

  it('runs as a process on the server’s database, printing what it did', async () => {
    const user = await createUser(t);
    // As `npm run admin` runs it: inside apps/server, with the settings of `npm start`, whose
    // relative DATA_DIR is resolved from the repository root.
    const root = path.resolve(serverDir, '../..');
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      ...(t.config.database.kind === 'postgres'
        ? {
            DATABASE_URL: t.config.database.url,
            JWT_SECRET: 'admin-test-secret-long-enough-0123456789',
            PUBLIC_URL: 'http://glossa.test',
          }
        : { DATA_DIR: path.relative(root, t.config.dataDir), DATABASE_URL: '' }),
    };
    const exec = promisify(execFile);
    const ok = await exec(process.execPath, [builtAdmin, 'promote', user.email], {
      cwd: serverDir,
      env,
    });
    expect(ok.stdout).toMatch(/now has the admin role/);
    expect(await roleOf(user.id)).toBe('admin');

    const failed = await exec(process.execPath, [builtAdmin, 'promote', 'ghost@example.com'], {
      cwd: serverDir,
      env,
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('No user has the e-mail address ghost@example.com');
  }, 30_000);
});
