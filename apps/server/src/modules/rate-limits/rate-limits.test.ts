import { accountRateLimits } from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { pruneRateCounters } from './rate-limits.service';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/app';
import { createUser, uniqueName } from '../../../test/factories';
import { mailsTo, subjects } from '../verification/mail.test-support';

// Account edits and every call that sends mail are limited per account, and per address where
// the address comes from the body, counted in the database (decision 0017).

const { editsPerUser, mailsPerUser, mailsPerAddress } = accountRateLimits;

describe('per-account and per-address limits', () => {
  let t: TestApp;
  /** A second instance on the same database: the counts are shared. */
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

  const expectLimited = (res: TestResponse, windowSeconds: number) => {
    expect(res.status).toBe(429);
    expect(res.code).toBe('rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(res.payload.message).toMatch(/try again in/);
  };
  const later = async (ms: number, work: () => Promise<void>) => {
    clock += ms;
    try {
      await work();
    } finally {
      clock -= ms;
    }
  };

  it(`answers the edit after ${editsPerUser.max} within the window 429 with Retry-After`, async () => {
    const user = await createUser(t);
    const bystander = await createUser(t);
    const edit = (token: string, isAutodetectLanguageEnabled: boolean) =>
      t.call({
        method: 'POST',
        url: '/api/user/edit',
        token,
        payload: { isAutodetectLanguageEnabled },
      });
    for (let i = 0; i < editsPerUser.max; i += 1) {
      expect((await edit(user.access, i % 2 === 1)).status).toBe(200);
    }
    const last = (editsPerUser.max - 1) % 2 === 1;
    const refused = await edit(user.access, !last);
    expectLimited(refused, editsPerUser.windowSeconds);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.access });
    expect(info.payload['isAutodetectLanguageEnabled']).toBe(last);
    // Counted per account: someone else edits on.
    expect((await edit(bystander.access, false)).status).toBe(200);
    await later(editsPerUser.windowSeconds * 1000, async () => {
      // The window is over: the access token has expired too, so sign in again.
      const login = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: user.username, password: user.password },
      });
      expect((await edit(String(login.payload['access']), !last)).status).toBe(200);
    });
  });

  it(`mails at most ${mailsPerUser.max} e-mail changes an hour for one account`, async () => {
    const user = await createUser(t);
    const targets: string[] = [];
    const change = (email: string) =>
      t.call({
        method: 'POST',
        url: '/api/user/edit',
        token: user.access,
        payload: { email, currentPassword: user.password },
      });
    for (let i = 0; i < mailsPerUser.max; i += 1) {
      const email = `${uniqueName('target')}@example.com`;
      targets.push(email);
      expect((await change(email)).status).toBe(200);
    }
    const refused = await change(`${uniqueName('target')}@example.com`);
    expectLimited(refused, mailsPerUser.windowSeconds);
    // The resend of the waiting change counts against the same allowance.
    const resend = await t.call({
      method: 'POST',
      url: '/api/user/email-change/resend',
      token: user.access,
    });
    expectLimited(resend, mailsPerUser.windowSeconds);
    await t.idle();
    const sent = t.inbox.messages.filter((m) => /Confirm your new e-mail/.test(m.subject));
    expect(sent.filter((m) => targets.includes(m.to))).toHaveLength(mailsPerUser.max);
  });

  it(`mails one address at most ${mailsPerAddress.max} times an hour, whoever asks`, async () => {
    const victim = `${uniqueName('victim')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= mailsPerAddress.max; i += 1) {
      const asker = await createUser(t);
      const res = await t.call({
        method: 'POST',
        url: '/api/user/edit',
        token: asker.access,
        payload: { email: victim, currentPassword: asker.password },
      });
      statuses.push(res.status);
      if (res.status === 429) expectLimited(res, mailsPerAddress.windowSeconds);
    }
    expect(statuses).toEqual([...Array<number>(mailsPerAddress.max).fill(200), 429]);
    await t.idle();
    expect(t.inbox.messages.filter((m) => m.to === victim)).toHaveLength(mailsPerAddress.max);
  });

  it('limits verification resends per account', async () => {
    const user = await createUser(t);
    const resend = () =>
      t.call({ method: 'POST', url: '/api/user/verify-email/resend', token: user.access });
    // Sign-up mailed the first link; each resend is counted.
    for (let i = 0; i < mailsPerUser.max; i += 1) expect((await resend()).status).toBe(200);
    expectLimited(await resend(), mailsPerUser.windowSeconds);
    await t.idle();
    expect(mailsTo(t, user.email, subjects.verify)).toHaveLength(mailsPerUser.max + 1);
  });

  it('limits forgotten-password mail per address, answering a known and an unknown one alike', async () => {
    const user = await createUser(t);
    const unknown = `${uniqueName('nobody')}@example.com`;
    const forget = (email: string) =>
      t.call({ method: 'POST', url: '/api/user/forget-password', payload: { email } });
    // An hour after the sign-up's own mail to the address.
    await later(mailsPerAddress.windowSeconds * 1000, async () => {
      for (let i = 0; i < mailsPerAddress.max; i += 1) {
        expect((await forget(user.email)).status).toBe(200);
        expect((await forget(unknown)).status).toBe(200);
      }
      const known = await forget(user.email.toUpperCase());
      const stranger = await forget(unknown);
      expectLimited(known, mailsPerAddress.windowSeconds);
      expect(stranger.raw.body).toBe(known.raw.body);
      expect(Object.keys(stranger.headers).sort()).toEqual(Object.keys(known.headers).sort());
      await t.idle();
      expect(mailsTo(t, user.email, subjects.reset)).toHaveLength(mailsPerAddress.max);
    });
  });

  it('limits sign-ups naming one address, so its owner gets a bounded number of notices', async () => {
    const owner = await createUser(t);
    const signUp = () => {
      const username = uniqueName('again');
      return t.call({
        method: 'POST',
        url: '/api/user/create',
        payload: { username, email: owner.email, password: 'a quiet walk in the hills' },
      });
    };
    // The owner's own sign-up was the first mail to the address.
    for (let i = 1; i < mailsPerAddress.max; i += 1) expect((await signUp()).status).toBe(201);
    expectLimited(await signUp(), mailsPerAddress.windowSeconds);
    await t.idle();
    expect(mailsTo(t, owner.email, subjects.inUse)).toHaveLength(mailsPerAddress.max - 1);
  });

  it('shares the counts between instances on one database', async () => {
    const email = `${uniqueName('shared')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= mailsPerAddress.max; i += 1) {
      const app = i % 2 === 0 ? t.app : other;
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/forget-password',
        payload: { email },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(mailsPerAddress.max).fill(200), 429]);
  });

  it('forgets counters whose windows are over, in batches, off the requests', async () => {
    const email = `${uniqueName('old')}@example.com`;
    await t.call({ method: 'POST', url: '/api/user/forget-password', payload: { email } });
    const key = `mailsPerAddress:${email}`;
    const counter = () =>
      t.app.deps.db
        .selectFrom('rate_counters')
        .select('count')
        .where('key', '=', key)
        .executeTakeFirst();
    expect(await counter()).toEqual({ count: 1 });
    // A backlog of more than two batches of counters whose windows ended long ago.
    const backlog = 2500;
    await t.app.deps.db
      .insertInto('rate_counters')
      .values(
        Array.from({ length: backlog }, (_, i) => ({
          key: `backlog:${uniqueName('k')}:${i}`,
          window_start: clock - 3 * mailsPerAddress.windowSeconds * 1000 - i,
          count: 1,
        })),
      )
      .execute();
    const countOf = async (prefix: string) =>
      Number(
        (
          await t.app.deps.db
            .selectFrom('rate_counters')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('key', 'like', `${prefix}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await later(2 * mailsPerAddress.windowSeconds * 1000, async () => {
      // A request counts and prunes nothing: the pruning runs on the instance's clock.
      await t.call({
        method: 'POST',
        url: '/api/user/forget-password',
        payload: { email: `${uniqueName('new')}@example.com` },
      });
      expect(await counter()).toEqual({ count: 1 });
      expect(await countOf('backlog:')).toBe(backlog);
      await pruneRateCounters(t.app.deps);
      expect(await counter()).toBeUndefined();
      expect(await countOf('backlog:')).toBe(0);
      // The counter the request just made is in its window: kept.
      expect(await countOf('mailsPerAddress:')).toBeGreaterThan(0);
    });
  });
});
