import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueName } from '../../test/factories';

/** The load balancer in front of the app, and two real clients behind it. */
const proxy = '10.0.0.2';
const client = '203.0.113.7';
const otherClient = '203.0.113.8';

/**
 * Behind one trusted proxy, the client's address is the one the proxy appended to
 * X-Forwarded-For: whatever a client writes before it changes nothing (issue 14, item 12).
 */
describe('client addresses behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: proxy, AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (login: string, forwardedFor: string, from = proxy) =>
    t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login, password: 'wrong guess' },
      remoteAddress: from,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('keeps the rate-limit key of a client that spoofs X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // Each attempt claims another address; the proxy appends the one it saw.
      const res = await signIn(uniqueName('nobody'), `198.51.100.${i + 1}, ${client}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect((await signIn(uniqueName('nobody'), otherClient)).status).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const direct = '192.0.2.99';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await signIn(uniqueName('nobody'), `198.51.100.${i + 1}`, direct);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('keeps the failed sign-in back-off of a login on the real client address', async () => {
    const login = uniqueName('victim');
    const spoofed = (i: number) => `198.51.100.${i + 1}, 192.0.2.${i + 1}, ${otherClient}`;
    const limited = await createTestApp({ env: { TRUST_PROXY: proxy } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await limited.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login, password: 'wrong guess' },
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': spoofed(i) },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
