import { ownerLimits, refreshReuseGraceSeconds } from '@glossa/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

const day = 24 * 60 * 60 * 1000;
const tokenIdOf = (token: string) =>
  (decodeJwt(token) as { payload: { tokenId: string } }).payload.tokenId;

describe('sign-in, refresh and sessions', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
  const refresh = (token: string) =>
    t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: token } });
  const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });
  const sessions = (token: string) => t.call({ method: 'GET', url: '/api/auth/sessions', token });
  const sessionRow = (tokenId: string) =>
    t.app.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_id', '=', tokenId)
      .executeTakeFirst();

  it('signs in by username (any case) or e-mail (any case), recording the user agent', async () => {
    const user = await createUser(t);
    for (const name of [user.username.toUpperCase(), user.email.toUpperCase()]) {
      const res = await login(
        { login: name, password: user.password },
        { 'user-agent': `Agent ${'x'.repeat(400)}` },
      );
      expect(res.status).toBe(200);
      expect(res.code).toBe('ok');
      expect(Object.keys(res.payload).sort()).toEqual(['access', 'refresh']);
      const row = await sessionRow(tokenIdOf(String(res.payload['access'])));
      expect(row?.user_id).toBe(user.id);
      expect(row?.user_agent).toHaveLength(256);
      expect(row?.expires_at).toBe(clock + 30 * day);
      expect((await info(String(res.payload['access']))).status).toBe(200);
    }
  });

  it('answers the same 401 for an unknown login and a wrong password', async () => {
    const user = await createUser(t);
    const unknown = await login({ login: 'nobody-at-all', password: user.password });
    const unknownEmail = await login({ login: 'nobody@example.com', password: user.password });
    const wrong = await login({ login: user.username, password: `${user.password}x` });
    for (const res of [unknown, unknownEmail, wrong]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
      expect(res.payload).toEqual(wrong.payload);
    }
  });

  it('answers 403 account_disabled to a disabled user with the right password, 401 with a wrong one', async () => {
    const user = await createUser(t, { disabled: true });
    const right = await login({ login: user.username, password: user.password });
    expect(right.status).toBe(403);
    expect(right.code).toBe('account_disabled');
    expect(right.payload.message).toMatch(/disabled/);
    const wrong = await login({ login: user.username, password: 'wrong password' });
    expect(wrong.status).toBe(401);
  });

  it('refuses bad sign-in bodies with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'whatever1' }, 'login'],
      [{ login: 'someone' }, 'password'],
      [{ login: '', password: 'whatever1' }, 'login'],
      [{ login: 'someone', password: 'x'.repeat(129) }, 'password'],
      [{ login: 'someone', password: 'whatever1', extra: 1 }, 'extra'],
    ];
    for (const [payload, path] of cases) {
      const res = await login(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
    }
  });

  it('rotates the refresh token; reusing an old one after the grace revokes the whole session', async () => {
    const user = await createUser(t);
    const first = await refresh(user.refresh);
    expect(first.status).toBe(200);
    const next = {
      access: String(first.payload['access']),
      refresh: String(first.payload['refresh']),
    };
    expect(tokenIdOf(next.access)).toBe(tokenIdOf(user.access));
    expect(next.refresh).not.toBe(user.refresh);
    // Rotation never extends the session.
    expect(decodeJwt(next.refresh).exp).toBe(decodeJwt(user.refresh).exp);
    expect((await info(next.access)).status).toBe(200);

    // Past the grace of two tabs or a retry (refresh-grace.test.ts), a reuse is a replay.
    clock += (refreshReuseGraceSeconds + 1) * 1000;
    const reuse = await refresh(user.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.code).toBe('unauthorized');
    expect((await sessionRow(tokenIdOf(user.access)))?.revoked_at).not.toBeNull();
    // Every token of that session stops working, even the newest ones.
    expect((await info(next.access)).status).toBe(401);
    expect((await refresh(next.refresh)).status).toBe(401);
  });

  it('refuses a refresh token 30 days after sign-in, however often it was rotated', async () => {
    const user = await createUser(t);
    const start = clock;
    try {
      clock = start + 29 * day;
      const rotated = await refresh(user.refresh);
      expect(rotated.status).toBe(200);
      clock = start + 30 * day + 1000;
      const late = await refresh(String(rotated.payload['refresh']));
      expect(late.status).toBe(401);
      expect(late.code).toBe('unauthorized');
    } finally {
      clock = start;
    }
  });

  it('refuses malformed refresh tokens', async () => {
    for (const token of ['garbage', 'a.b.c', Buffer.from('x').toString('base64')]) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
    }
    const missing = await t.call({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.payload.issues?.[0]?.path).toBe('refresh');
  });

  it('logs out: the current session ends, the others live on', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.username, user.password);
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', token: user.access });
    expect(res.status).toBe(200);
    expect(res.code).toBe('ok');
    expect(res.payload).toEqual({});
    expect((await info(user.access)).status).toBe(401);
    expect((await refresh(user.refresh)).status).toBe(401);
    expect((await info(other.access)).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout' })).status).toBe(401);
  });

  it('lists the active sessions newest first with the current one marked', async () => {
    const user = await createUser(t);
    clock += 1000;
    const second = await signIn(t, user.username, user.password);
    clock += 1000;
    const third = await signIn(t, user.username, user.password);
    await t.call({ method: 'POST', url: '/api/auth/logout', token: third.access });
    const res = await sessions(second.access);
    expect(res.status).toBe(200);
    const items = res.payload['items'] as { tokenId: string; current: boolean }[];
    expect(items.map((item) => item.tokenId)).toEqual([
      tokenIdOf(second.access),
      tokenIdOf(user.access),
    ]);
    expect(items.map((item) => item.current)).toEqual([true, false]);
    expect((await sessions('')).status).toBe(401);
  });

  it('keeps sessionsMax sign-ins open: a new one ends the least recently used; ended ones go', async () => {
    const user = await createUser(t);
    clock += 1000;
    const second = await signIn(t, user.username, user.password);
    for (let i = 2; i < ownerLimits.sessionsMax; i += 1) {
      clock += 1000;
      await signIn(t, user.username, user.password);
    }
    const rowsOf = async () =>
      (
        await t.app.deps.db
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', user.id)
          .execute()
      ).length;
    expect(await rowsOf()).toBe(ownerLimits.sessionsMax);
    // The first sign-in is used again: the second is now the least recently used.
    clock += 1000;
    const first = await refresh(user.refresh);
    expect(first.status).toBe(200);
    clock += 1000;
    const newest = await signIn(t, user.username, user.password);
    expect((await refresh(second.refresh)).status).toBe(401);
    expect((await info(second.access)).status).toBe(401);
    expect((await info(String(first.payload['access']))).status).toBe(200);
    expect(await rowsOf()).toBe(ownerLimits.sessionsMax);
    // A signed-out session's row goes at the next sign-in.
    await t.call({ method: 'POST', url: '/api/auth/logout', token: newest.access });
    clock += 1000;
    await signIn(t, user.username, user.password);
    expect(await sessionRow(tokenIdOf(newest.access))).toBeUndefined();
    expect(await rowsOf()).toBe(ownerLimits.sessionsMax);
  });

  it("revokes one of your own sessions; another user's or an unknown one is 404", async () => {
    const user = await createUser(t);
    const second = await signIn(t, user.username, user.password);
    const stranger = await createUser(t);
    const revoke = (tokenId: string, token: string) =>
      t.call({ method: 'DELETE', url: `/api/auth/sessions/${tokenId}`, token });

    const foreign = await revoke(tokenIdOf(user.access), stranger.access);
    expect(foreign.status).toBe(404);
    expect(foreign.code).toBe('not_found');
    expect((await info(user.access)).status).toBe(200);
    expect((await revoke('no-such-session', user.access)).status).toBe(404);
    expect((await revoke(tokenIdOf(user.access), '')).status).toBe(401);

    const own = await revoke(tokenIdOf(second.access), user.access);
    expect(own.status).toBe(200);
    expect((await info(second.access)).status).toBe(401);
    expect((await refresh(second.refresh)).status).toBe(401);
    expect((await info(user.access)).status).toBe(200);
    expect((await revoke(tokenIdOf(second.access), user.access)).status).toBe(404);
  });

  it('signs out everywhere else: other sessions end, this one goes on with a new pair', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.username, user.password);
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      token: user.access,
    });
    expect(res.status).toBe(200);
    const pair = { access: String(res.payload['access']), refresh: String(res.payload['refresh']) };
    expect(tokenIdOf(pair.access)).toBe(tokenIdOf(user.access));
    // The stamp turned over: every earlier access token fails, this session's too.
    expect((await info(user.access)).status).toBe(401);
    expect((await info(other.access)).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect((await info(pair.access)).status).toBe(200);
    const renewed = await refresh(pair.refresh);
    expect(renewed.status).toBe(200);
    const list = await sessions(String(renewed.payload['access']));
    expect((list.payload['items'] as unknown[]).length).toBe(1);
    const anonymous = await t.call({ method: 'POST', url: '/api/auth/sessions/revoke-others' });
    expect(anonymous.status).toBe(401);
  });
});

describe('the sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 rate_limited with Retry-After on the 4th sign-in within a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'nobody', password: 'wrong password' },
      });
      statuses.push(res.status);
      if (i === 3) {
        expect(res.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
