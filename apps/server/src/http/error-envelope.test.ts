import { errorEnvelopeSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * Every failure answers the envelope { code, payload: { message, issues? } }, the closed code
 * list's and nothing else, also when Fastify's router or parser refuses the request before any
 * route runs. (What Node's HTTP parser refuses, before Fastify, is in test/client-errors.test.ts.)
 */
describe('error answers', () => {
  let t: TestApp;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    learner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const envelopeOf = (raw: { headers: Record<string, unknown>; body: string }) => {
    expect(String(raw.headers['content-type'])).toMatch(/^application\/json/);
    return errorEnvelopeSchema.parse(JSON.parse(raw.body));
  };

  it.each([
    ['an API path', '/api/cards/%E0%A4%A'],
    ['an API path with a parameter', '/api/categories/%E0%A4%A/members'],
    ['a page path', '/app/card/%E0%A4%A'],
    ['a path without parameters', '/api/health%E0%A4%A'],
  ])(
    'answers 400 invalid_input naming url for a malformed percent escape in %s: %s',
    async (_, url) => {
      const res = await t.call({ method: 'GET', url, token: learner.access });
      expect(res.status).toBe(400);
      expect(envelopeOf(res.raw)).toEqual({
        code: 'invalid_input',
        payload: {
          message: expect.any(String),
          issues: [{ path: 'url', message: expect.any(String) }],
        },
      });
    },
  );

  it('answers 400 invalid_input naming url for a path parameter longer than the router takes', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/cards/${'a'.repeat(300)}`,
      token: learner.access,
    });
    expect(res.status).toBe(400);
    expect(envelopeOf(res.raw).payload.issues?.[0]?.path).toBe('url');
  });

  it('answers 404 not_found for a method a path does not take, and for an unknown path', async () => {
    for (const [method, url] of [
      ['PUT', '/api/cards'],
      ['DELETE', '/api/health'],
      ['PATCH', '/api/auth/login'],
      ['GET', '/api/no-such-call'],
      ['OPTIONS', '/api/cards'],
    ] as const) {
      const res = await t.call({ method, url });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(envelopeOf(res.raw).code).toBe('not_found');
    }
  });

  it('answers 400 invalid_input naming content-type for a body of another type', async () => {
    for (const contentType of [
      'text/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/vnd.api+json',
    ]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: 'login=a&password=b',
      });
      expect(res.status, contentType).toBe(400);
      expect(envelopeOf(res.raw).payload.issues?.[0]?.path, contentType).toBe('content-type');
    }
  });

  it('answers 400 invalid_input naming body for a body that is not JSON or is empty', async () => {
    for (const payload of ['{"login":', '', 'null x', '{"__proto__":{"a":1}}']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.status, payload).toBe(400);
      expect(envelopeOf(res.raw).payload.issues?.[0]?.path, payload).toBe('body');
    }
  });

  it('answers 413 payload_too_large for a body over the limit', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.status).toBe(413);
    expect(envelopeOf(res.raw).code).toBe('payload_too_large');
  });

  it('answers 400 invalid_input naming the parameter for bad query strings', async () => {
    for (const [query, path] of [
      ['limit=%E0%A4%A', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['q=%00', 'q'],
      ['sort=%FF', 'sort'],
      ['unknown=1', 'unknown'],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: `/api/cards?${query}`,
        token: learner.access,
      });
      expect(res.status, query).toBe(400);
      expect(envelopeOf(res.raw).payload.issues?.[0]?.path, query).toBe(path);
    }
  });
});
