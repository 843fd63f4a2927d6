import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { testDatabaseKind } from './test-database';

describe('the app core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /api/health with the envelope and the database state', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.code).toBe('ok');
    expect(res.payload).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 404 not_found in the envelope for an unknown API path', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.status).toBe(404);
    expect(res.code).toBe('not_found');
    expect(res.payload.message).toContain('/api/no-such-thing');
  });

  it('answers 413 payload_too_large for an oversized body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe('payload_too_large');
  });

  it('sets strict security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes the OpenAPI document and its explorer at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(json.openapi).toMatch(/^3\./);
    expect(json.paths['/api/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    'runs SQLite in WAL mode, synchronous FULL, with foreign keys and a busy timeout',
    async () => {
      const db = t.app.deps.db;
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    },
  );
});

describe('the built SPA', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'glossa-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for any app path (history fallback), never cached', async () => {
    for (const url of ['/', '/app/dashboard', '/app/card/42', '/privacy']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker at the root as JavaScript, checked for a new one on each load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('self.addEventListener("fetch", () => {})');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript\b/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Workers fall back to script-src: the same origin may run one.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('keeps unknown API paths as 404 envelopes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nope' });
    expect(res.status).toBe(404);
    expect(res.code).toBe('not_found');
  });
});

describe('text with a NUL character', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused with 400 naming the field, on every database', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'a\u0000b', password: '\u0000' },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.[0]?.path).toBe('login');
  });

  it('is refused in the query string too', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health?x=%00' });
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('x');
  });
});
