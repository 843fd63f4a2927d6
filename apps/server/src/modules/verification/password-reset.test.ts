import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { mailsTo, subjects, tokenOf, waitForMails } from './mail.test-support';

const newPassword = 'a brand new passphrase 7';

describe('password reset', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const forget = (email: string) =>
    t.call({ method: 'POST', url: '/api/user/forget-password', payload: { email } });
  const reset = (token: string, password = newPassword) =>
    t.call({ method: 'POST', url: '/api/user/reset-password', payload: { token, password } });
  const login = (loginName: string, password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { login: loginName, password } });
  const resetTokenFor = async (email: string, count = 1) =>
    tokenOf(t, await waitForMails(t, email, subjects.reset, count), '/app/reset-password');

  it('answers a known and an unknown address identically and mails only the known one', async () => {
    const user = await createUser(t);
    const unknown = `nobody-${user.id}@example.com`;
    const a = await forget(unknown);
    const b = await forget(user.email.toUpperCase());
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.raw.body).toBe(b.raw.body);
    expect(a.raw.json()).toEqual({ code: 'ok', payload: null });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());

    const mail = await t.inbox.waitFor(user.email, subjects.reset);
    expect(mail.text).toContain(user.username);
    await t.idle();
    expect(t.inbox.messages.filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it('mails no link to a disabled account', async () => {
    const user = await createUser(t);
    await t.app.deps.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('id', '=', user.id)
      .execute();
    const res = await forget(user.email);
    expect(res.status).toBe(200);
    await t.idle();
    expect(mailsTo(t, user.email, subjects.reset)).toHaveLength(0);
  });

  it('sets the new password, ends every session and verifies the address', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.username, user.password);
    await forget(user.email);
    const token = await resetTokenFor(user.email);

    const res = await reset(token);
    expect(res.status).toBe(200);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: null });

    for (const access of [user.access, other.access]) {
      const info = await t.call({ method: 'GET', url: '/api/user/info', token: access });
      expect(info.status).toBe(401);
    }
    for (const refresh of [user.refresh, other.refresh]) {
      const again = await t.call({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh },
      });
      expect(again.status).toBe(401);
    }
    expect((await login(user.username, user.password)).status).toBe(401);
    const fresh = await login(user.email, newPassword);
    expect(fresh.status).toBe(200);

    const row = await t.app.deps.db
      .selectFrom('users')
      .select(['email_verified', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a reset link once', async () => {
    const user = await createUser(t);
    await forget(user.email);
    const token = await resetTokenFor(user.email);
    expect((await reset(token)).status).toBe(200);
    const second = await reset(token, 'yet another passphrase 9');
    expect(second.status).toBe(400);
    expect(second.payload.issues?.[0]?.path).toBe('token');
    expect((await login(user.username, newPassword)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const user = await createUser(t);
    await forget(user.email);
    const token = await resetTokenFor(user.email);
    const results = await Promise.all([
      reset(token, 'first racer passphrase 1'),
      reset(token, 'second racer passphrase 2'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner =
      results[0]?.status === 200 ? 'first racer passphrase 1' : 'second racer passphrase 2';
    expect((await login(user.username, winner)).status).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const user = await createUser(t);
    await forget(user.email);
    const token = await resetTokenFor(user.email);
    const start = clock;
    try {
      clock = start + 60 * 60 * 1000 + 1000;
      const res = await reset(token);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.[0]?.path).toBe('token');
      expect(res.payload.message).toMatch(/expired/);
      expect((await login(user.username, user.password)).status).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('replaces an earlier link with a newer one', async () => {
    const user = await createUser(t);
    await forget(user.email);
    const first = await resetTokenFor(user.email, 1);
    await forget(user.email);
    const second = await resetTokenFor(user.email, 2);
    expect(second).not.toBe(first);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses a common password naming the field and keeps the link usable', async () => {
    const user = await createUser(t);
    await forget(user.email);
    const token = await resetTokenFor(user.email);
    const weak = await reset(token, 'password123');
    expect(weak.status).toBe(400);
    expect(weak.payload.issues?.[0]?.path).toBe('password');
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.payload.issues?.[0]?.path).toBe('password');
    expect((await login(user.username, user.password)).status).toBe(200);
    expect((await reset(token)).status).toBe(200);
  });
});

describe('password reset rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 rate_limited with Retry-After after too many requests', async () => {
    const call = () =>
      t.call({
        method: 'POST',
        url: '/api/user/forget-password',
        payload: { email: 'x@example.com' },
      });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
