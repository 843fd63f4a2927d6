import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/app';
import { createUser, uniqueName, type TestUser } from '../../../test/factories';
import { buildApp } from '../../app';
import { pruneForgottenSignInFailures } from './sign-in-throttle.service';
import * as passwords from '../../security/passwords';
import { subjects, tokenOf, waitForMails } from '../verification/mail.test-support';

/** Two client addresses: the attacker's and the account owner's. */
const attacker = '198.51.100.66';
const owner = '203.0.113.10';

describe('failed sign-ins back off per login and client address', () => {
  let t: TestApp;
  let clock = Date.UTC(2025, 5, 1);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (name: string, password: string, from: string) =>
    t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: name, password },
      remoteAddress: from,
    });
  const fail = async (name: string, from: string, times: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1)
      statuses.push((await login(name, 'wrong guess', from)).status);
    return statuses;
  };
  const expectWait = (res: TestResponse, seconds: number) => {
    expect(res.status).toBe(429);
    expect(res.code).toBe('rate_limited');
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.payload.message).toBe(
      `Too many failed sign-ins: try again in ${seconds} seconds, or reset your password`,
    );
  };

  it('makes the 6th attempt from one address wait 30 s, even with the right password', async () => {
    const user = await createUser(t);
    expect(await fail(user.username, attacker, 5)).toEqual([401, 401, 401, 401, 401]);
    expectWait(await login(user.username, user.password, attacker), 30);
    clock += 10_000;
    expectWait(await login(user.username, 'wrong guess', attacker), 20);
    clock += 20_000;
    expect((await login(user.username, user.password, attacker)).status).toBe(200);
  });

  it('never makes the owner wait at their own address', async () => {
    const user = await createUser(t);
    await fail(user.username, attacker, 12);
    expectWait(await login(user.username, user.password, attacker), 30);
    expect((await login(user.username, user.password, owner)).status).toBe(200);
    // Nor by e-mail, nor with the login written otherwise.
    expect((await login(user.email.toUpperCase(), user.password, owner)).status).toBe(200);
  });

  it('doubles the wait with each failure after it, up to 15 minutes', async () => {
    const user = await createUser(t);
    await fail(user.username, attacker, 5);
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const refused = await login(user.username, 'wrong guess', attacker);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      clock += seconds * 1000;
      expect((await login(user.username, 'wrong guess', attacker)).status).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('answers an unknown login exactly as a known one', async () => {
    const user = await createUser(t);
    const nobody = uniqueName('nobody');
    for (const name of [user.username, nobody]) {
      expect(await fail(name, attacker, 5)).toEqual([401, 401, 401, 401, 401]);
      expectWait(await login(name, 'wrong guess', attacker), 30);
    }
  });

  it('forgets the failures from an address when a sign-in from it succeeds', async () => {
    const user = await createUser(t);
    await fail(user.username, owner, 4);
    expect((await login(user.username, user.password, owner)).status).toBe(200);
    expect(await fail(user.username, owner, 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await login(user.username, user.password, owner)).status).toBe(429);
  });

  it('forgets the failures from every address when the password is reset', async () => {
    const user = await createUser(t);
    await fail(user.username, attacker, 5);
    await fail(user.email, owner, 5);
    expect((await login(user.email, user.password, owner)).status).toBe(429);
    await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: user.email },
    });
    const token = tokenOf(
      t,
      await waitForMails(t, user.email, subjects.reset, 1),
      '/app/reset-password',
    );
    const password = 'a brand new horse battery';
    const reset = await t.call({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password },
    });
    expect(reset.status).toBe(200);
    expect((await login(user.email, password, owner)).status).toBe(200);
    expect((await login(user.username, password, attacker)).status).toBe(200);
  });

  it('forgets failures a day old', async () => {
    const user = await createUser(t);
    await fail(user.username, attacker, 5);
    clock += 24 * 60 * 60_000;
    expect(await fail(user.username, attacker, 5)).toEqual([401, 401, 401, 401, 401]);
    expect((await login(user.username, 'wrong guess', attacker)).status).toBe(429);
  });

  it('checks at most 5 of many attempts sent at once', async () => {
    const user = await createUser(t);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => login(user.username, 'wrong guess', attacker)),
    );
    const counts = statuses.reduce<Record<number, number>>((all, res) => {
      all[res.status] = (all[res.status] ?? 0) + 1;
      return all;
    }, {});
    expect(counts).toEqual({ 401: 5, 429: 15 });
  });

  it('counts the /64 of an IPv6 client as one address', async () => {
    const user = await createUser(t);
    for (let i = 1; i <= 5; i += 1) {
      expect((await login(user.username, 'wrong guess', `2001:db8:1:2::${i}`)).status).toBe(401);
    }
    expect((await login(user.username, user.password, '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await login(user.username, user.password, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('deletes the rows of failures nothing reads any more, in batches, off the sign-ins', async () => {
    const user = await createUser(t);
    await fail(user.username, attacker, 1);
    // A backlog of more than two batches of rows a day old and more.
    await t.app.deps.db
      .insertInto('sign_in_failures')
      .values(
        Array.from({ length: 2500 }, (_, i) => ({
          login_key: `old-login-${i}`,
          address_key: 'old-address',
          failures: 1,
          last_failure_at: clock - i,
          locked_until: 0,
        })),
      )
      .execute();
    clock += 25 * 60 * 60_000;
    await fail(uniqueName('other'), attacker, 1);
    await t.idle();
    const rows = () =>
      t.app.deps.db.selectFrom('sign_in_failures').select('last_failure_at').execute();
    // The sign-in deleted nothing: the pruning runs on the instance's clock.
    expect((await rows()).some((row) => row.last_failure_at < clock - 24 * 60 * 60_000)).toBe(true);
    await pruneForgottenSignInFailures(t.app.deps);
    const left = await rows();
    expect(left.every((row) => row.last_failure_at >= clock - 24 * 60 * 60_000)).toBe(true);
    expect(left.length).toBeGreaterThan(0);
  });
});

describe('a refused sign-in does the same work for a known and an unknown login', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    vi.spyOn(passwords, 'verifyPassword');
    vi.spyOn(passwords, 'verifyDummyPassword');
  });
  afterAll(async () => {
    vi.mocked(passwords.verifyPassword).mockRestore();
    vi.mocked(passwords.verifyDummyPassword).mockRestore();
    await t.close();
  });

  it('checks no password once the pair must wait, whether the login exists or not', async () => {
    for (const name of [user.username, uniqueName('nobody')]) {
      for (let i = 0; i < 5; i += 1) {
        await t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login: name, password: 'x' },
        });
      }
      vi.mocked(passwords.verifyPassword).mockClear();
      vi.mocked(passwords.verifyDummyPassword).mockClear();
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: name, password: 'x' },
      });
      expect(res.status).toBe(429);
      expect(passwords.verifyPassword).not.toHaveBeenCalled();
      expect(passwords.verifyDummyPassword).not.toHaveBeenCalled();
    }
  });
});

describe('the back-off across instances on one database', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp(t.config, { passwordCost: { memoryCost: 1024, timeCost: 1 } });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('makes an attempt on one instance wait for failures counted by another', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: user.username, password: 'wrong guess' },
        remoteAddress: attacker,
      });
      expect(res.status).toBe(401);
    }
    const res = await second.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.username, password: user.password },
      remoteAddress: attacker,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
  });
});
