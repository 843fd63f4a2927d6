import { schedulerNumberSettings } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, uniqueName } from '../../../test/factories';

describe('POST /api/user/edit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const edit = (token: string, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/edit', token, payload: payload as object });
  const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });
  const userRow = (id: string) =>
    t.app.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('changes settings without new tokens', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.username, user.password);
    const res = await edit(user.access, {
      amplitudeElevationGain: 3.1,
      isAutodetectLanguageEnabled: false,
      toLanguageCode: 'de',
      isReflowAbsolute: true,
      reflowValue: 2,
    });
    expect(res.status).toBe(200);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: { access: null, refresh: null } });
    const after = await info(other.access);
    expect(after.payload).toMatchObject({
      amplitudeElevationGain: 3.1,
      isAutodetectLanguageEnabled: false,
      toLanguageCode: 'de',
      isReflowAbsolute: true,
      reflowValue: 2,
      decayRateElevationGain: schedulerNumberSettings.decayRateElevationGain.default,
    });
  });

  it('refuses an empty body, a body with only currentPassword, and unknown fields', async () => {
    const user = await createUser(t);
    for (const payload of [{}, { currentPassword: user.password }]) {
      const res = await edit(user.access, payload);
      expect(res.status).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe('body');
    }
    const unknown = await edit(user.access, { isFreeloaded: true });
    expect(unknown.status).toBe(400);
    expect(unknown.payload.issues?.map((issue) => issue.path)).toContain('isFreeloaded');
    expect((await info(user.access)).payload['isFreeloaded']).toBe(false);
  });

  it('refuses out-of-bounds settings naming the field, changing nothing', async () => {
    const user = await createUser(t);
    const before = await userRow(user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ amplitudeElevationGain: 9 }, 'amplitudeElevationGain'],
      [{ guessSuccessMinimumScore: 'high' }, 'guessSuccessMinimumScore'],
      [{ toLanguageCode: 'klingon' }, 'toLanguageCode'],
      [{ reflowValue: 8 }, 'reflowValue'],
      [{ reflowValue: 0.5 }, 'reflowValue'],
      [{ isReflowAbsolute: false, reflowValue: 0.3 }, 'reflowValue'],
      [{ username: 'x' }, 'username'],
      [{ email: 'nope' }, 'email'],
      [{ password: 'short', currentPassword: user.password }, 'password'],
      [{ password: 'Password123', currentPassword: user.password }, 'password'],
    ];
    for (const [payload, path] of cases) {
      const res = await edit(user.access, { ...payload, isAutodetectLanguageEnabled: false });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe(path);
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses to switch to a relative reflow while the stored value is too large for it', async () => {
    const user = await createUser(t);
    expect((await edit(user.access, { isReflowAbsolute: true, reflowValue: 3 })).status).toBe(200);
    const res = await edit(user.access, { isReflowAbsolute: false });
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('reflowValue');
    expect((await edit(user.access, { isReflowAbsolute: false, reflowValue: 0.25 })).status).toBe(
      200,
    );
  });

  it('needs the right current password for username, e-mail and password changes', async () => {
    const user = await createUser(t);
    const before = await userRow(user.id);
    const changes = [
      { username: uniqueName('renamed') },
      { email: `${uniqueName('moved')}@example.com` },
      { password: 'a new long passphrase' },
    ];
    for (const change of changes) {
      const missing = await edit(user.access, change);
      expect(missing.status).toBe(400);
      expect(missing.payload.issues?.[0]?.path).toBe('currentPassword');
      const wrong = await edit(user.access, { ...change, currentPassword: 'not my password' });
      expect(wrong.status).toBe(400);
      expect(wrong.code).toBe('invalid_input');
      expect(wrong.payload.issues?.[0]?.path).toBe('currentPassword');
    }
    expect(await userRow(user.id)).toEqual(before);
    expect((await info(user.access)).status).toBe(200);
  });

  it('renames without new tokens; a taken username (any case) is a 409 that changes nothing', async () => {
    const user = await createUser(t);
    const taken = await createUser(t);
    const conflict = await edit(user.access, {
      username: taken.username.toUpperCase(),
      currentPassword: user.password,
      amplitudeElevationGain: 4,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe('conflict');
    expect(conflict.payload.issues?.[0]?.path).toBe('username');
    expect((await info(user.access)).payload['amplitudeElevationGain']).toBe(
      schedulerNumberSettings.amplitudeElevationGain.default,
    );

    const name = uniqueName('renamed');
    const res = await edit(user.access, { username: name, currentPassword: user.password });
    expect(res.status).toBe(200);
    expect(res.payload).toEqual({ access: null, refresh: null });
    expect((await info(user.access)).payload['username']).toBe(name);
    await signIn(t, name.toUpperCase(), user.password);
  });

  it('changes the password: other sessions end, this one goes on with the new tokens', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.username, user.password);
    const password = 'a brand new passphrase';
    const res = await edit(user.access, { password, currentPassword: user.password });
    expect(res.status).toBe(200);
    const access = String(res.payload['access']);
    const refresh = String(res.payload['refresh']);
    expect((await info(access)).status).toBe(200);
    expect((await info(user.access)).status).toBe(401);
    expect((await info(other.access)).status).toBe(401);
    const otherRefresh = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: other.refresh },
    });
    expect(otherRefresh.status).toBe(401);
    const renewed = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh },
    });
    expect(renewed.status).toBe(200);
    const old = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.username, password: user.password },
    });
    expect(old.status).toBe(401);
    await signIn(t, user.email, password);
  });

  // E-mail changes wait for the new address's link: verification/email-change.test.ts.

  it('needs a signed-in user', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/edit',
      payload: { reflowValue: 0.1 },
    });
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
  });
});
