import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/** Every call that needs a signed-in learner, with a body that would also be invalid. */
const bearerCalls: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
  ['GET', '/api/user/info'],
  ['GET', '/api/user/account'],
  ['POST', '/api/user/edit'],
  ['POST', '/api/user/verify-email/resend'],
  ['POST', '/api/user/delete'],
  ['GET', '/api/user/export'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/auth/sessions'],
  ['DELETE', '/api/auth/sessions/some-token-id'],
  ['POST', '/api/auth/sessions/revoke-others'],
  ['POST', '/api/feedback'],
];

describe('anonymous callers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(bearerCalls)('%s %s answers 401 before looking at the body', async (method, url) => {
    const res = await t.call({
      method,
      url,
      ...(method === 'POST' ? { payload: { surely: ['not', 'valid'] } } : {}),
    });
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
  });

  it.each(bearerCalls)('%s %s refuses a bearer that is not a token', async (method, url) => {
    const res = await t.call({
      method,
      url,
      headers: { authorization: 'Bearer bm90LWEtand0' },
    });
    expect(res.status).toBe(401);
  });
});
