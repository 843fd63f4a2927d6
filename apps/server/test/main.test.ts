import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServer } from './server-process';
import { databaseUrl, testDatabaseKind } from './test-database';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-main-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [builtServer], {
    cwd: serverDir,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('main', () => {
  it('refuses to start on a bad setting, naming the variable', async () => {
    const { exited, output } = run({ PORT: 'eighty' });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT');
  });

  it('refuses to start on PostgreSQL without JWT_SECRET and PUBLIC_URL, naming both', async () => {
    const { exited, output } = run({ DATABASE_URL: 'postgres://glossa@127.0.0.1:1/glossa' });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/JWT_SECRET: required on PostgreSQL/);
    expect(output()).toMatch(/PUBLIC_URL: required on PostgreSQL/);
  });

  it('refuses to start with BILLING=on without the Stripe settings, naming the missing one', async () => {
    const { exited, output } = run({
      BILLING: 'on',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PRICE_ID: 'price_1',
    });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/STRIPE_WEBHOOK_SECRET: required when BILLING is on/);
    expect(output()).not.toMatch(/STRIPE_SECRET_KEY:|STRIPE_PRICE_ID:/);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    'starts on the embedded defaults, serves, says where, and shuts down gracefully on SIGTERM',
    async () => {
      const port = await freePort();
      const { child, exited, output } = run({ PORT: String(port) });
      let healthy = false;
      for (let i = 0; i < 100 && !healthy; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
      }
      expect(healthy).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'glossa.db'))).toBe(true);
      expect(fs.statSync(path.join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // At info, the default: the start-up line and the shutdown, no line per request.
      expect(output()).toContain(`Glossa is running at http://localhost:${port}`);
      expect(output()).toContain('shutting down');
      expect(output()).not.toContain('/api/health');
      expect(output()).not.toContain('Deprecation');
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'stops with a clear error when PostgreSQL is unreachable',
    async () => {
      const unreachable = databaseUrl('glossa_main_test').replace(':5432', ':1');
      const { exited, output } = run({
        DATABASE_URL: unreachable,
        PORT: String(await freePort()),
        JWT_SECRET: 'main-test-secret-long-enough-0123456789',
        PUBLIC_URL: 'http://glossa.test',
      });
      expect(await exited).not.toBe(0);
      expect(output()).toContain('preparing the PostgreSQL database failed');
    },
  );
});
