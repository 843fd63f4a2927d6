import { refreshReuseGraceSeconds } from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';

// Two tabs refreshing one refresh token at once, or a retry after a lost answer, get the session's
// current pair within the grace; reuse outside it still ends the session (decision 0017).

const claimsOf = (token: string) =>
  (decodeJwt(token) as { payload: { tokenId: string; digest: string } }).payload;
const grace = refreshReuseGraceSeconds * 1000;

describe('refresh reuse grace', () => {
  let t: TestApp;
  /** A second instance of the app on the same database, as behind a load balancer. */
  let other: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    other = await buildApp(t.config, {
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const refreshOn = async (app: FastifyInstance, token: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: token },
    });
    const body = res.json<{ code: string; payload: { access: string; refresh: string } }>();
    return { status: res.statusCode, code: body.code, pair: body.payload };
  };
  const refresh = (token: string) => refreshOn(t.app, token);
  const info = async (access: string) =>
    (await t.call({ method: 'GET', url: '/api/user/info', token: access })).status;
  const session = (user: TestUser) =>
    t.app.deps.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_id', '=', claimsOf(user.access).tokenId)
      .executeTakeFirstOrThrow();
  const activeSessions = async (user: TestUser) =>
    (
      await t.app.deps.db
        .selectFrom('sessions')
        .select('token_id')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute()
    ).length;

  it('answers parallel refreshes of one token with one line of tokens, on two instances', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([
      refreshOn(t.app, user.refresh),
      refreshOn(other, user.refresh),
      refreshOn(t.app, user.refresh),
      refreshOn(other, user.refresh),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const row = await session(user);
    expect(row.revoked_at).toBeNull();
    // Every answer carries the session's one current generation: no second line was made.
    for (const { pair } of answers) {
      expect(claimsOf(pair.refresh).digest).toBe(row.refresh_digest);
      expect(claimsOf(pair.refresh).tokenId).toBe(row.token_id);
      expect(await info(pair.access)).toBe(200);
    }
    expect(await activeSessions(user)).toBe(1);
    // The session goes on: any of the answers refreshes once more, the others then get its pair.
    const [first, second] = answers;
    const next = await refresh(first?.pair.refresh ?? '');
    expect(next.status).toBe(200);
    const late = await refresh(second?.pair.refresh ?? '');
    expect(late.status).toBe(200);
    expect(claimsOf(late.pair.refresh).digest).toBe(claimsOf(next.pair.refresh).digest);
    expect(await info(late.pair.access)).toBe(200);
  });

  it('answers a retry after a lost answer with the pair the first refresh made', async () => {
    const user = await createUser(t);
    const lost = await refresh(user.refresh);
    expect(lost.status).toBe(200);
    clock += grace - 1000;
    try {
      const retry = await refresh(user.refresh);
      expect(retry.status).toBe(200);
      expect(claimsOf(retry.pair.refresh).digest).toBe(claimsOf(lost.pair.refresh).digest);
      expect(await info(retry.pair.access)).toBe(200);
      expect((await refresh(retry.pair.refresh)).status).toBe(200);
    } finally {
      clock -= grace - 1000;
    }
  });

  it('revokes the session when the replaced token comes back after the grace', async () => {
    const user = await createUser(t);
    const rotated = await refresh(user.refresh);
    expect(rotated.status).toBe(200);
    clock += grace + 1000;
    try {
      const reuse = await refresh(user.refresh);
      expect(reuse.status).toBe(401);
      expect(reuse.code).toBe('unauthorized');
      expect((await session(user)).revoked_at).not.toBeNull();
      expect(await info(rotated.pair.access)).toBe(401);
      expect((await refresh(rotated.pair.refresh)).status).toBe(401);
    } finally {
      clock -= grace + 1000;
    }
  });

  it('grants the grace to the last replaced generation only, never to an older one', async () => {
    const user = await createUser(t);
    const second = await refresh(user.refresh);
    const third = await refresh(second.pair.refresh);
    expect(third.status).toBe(200);
    // Within seconds, but two generations back: a replay, not a race.
    const replay = await refresh(user.refresh);
    expect(replay.status).toBe(401);
    expect((await session(user)).revoked_at).not.toBeNull();
    expect(await info(third.pair.access)).toBe(401);
  });

  it('grants no grace to a refresh token issued before the security stamp turned over', async () => {
    const user = await createUser(t);
    const renewed = await t.call({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      token: user.access,
    });
    expect(renewed.status).toBe(200);
    const reuse = await refresh(user.refresh);
    expect(reuse.status).toBe(401);
    expect((await session(user)).revoked_at).not.toBeNull();
  });

  it('grants no grace to a revoked session', async () => {
    const user = await createUser(t);
    const rotated = await refresh(user.refresh);
    const out = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: rotated.pair.access,
    });
    expect(out.status).toBe(200);
    expect((await refresh(user.refresh)).status).toBe(401);
    expect((await refresh(rotated.pair.refresh)).status).toBe(401);
  });
});
