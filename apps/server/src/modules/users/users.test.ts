import { defaultSchedulerSettings, userInfoSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, uniqueName } from '../../../test/factories';

const signUp = (name = uniqueName('new')) => ({
  username: name,
  email: `${name}@example.com`,
  password: `pw-${name}-secret`,
});

describe('sign-up and user info', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As main.ts builds it (no passwordCost): the stored hash is checked to have the OWASP cost.
    t = await createTestApp({ passwordCost: undefined });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (payload: unknown) =>
    t.call({ method: 'POST', url: '/api/user/create', payload: payload as object });
  const countUsers = async () =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a user with the defaults and mails the verification link', async () => {
    const body = signUp();
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: null });
    await t.inbox.waitFor(body.email, /Confirm your e-mail address/);

    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: body.username, password: body.password },
    });
    const info = await t.call({
      method: 'GET',
      url: '/api/user/info',
      token: String(login.payload['access']),
    });
    expect(info.status).toBe(200);
    expect(userInfoSchema.parse(info.payload)).toEqual({
      id: expect.any(String),
      isFreeloaded: false,
      username: body.username,
      email: body.email,
      isAutodetectLanguageEnabled: true,
      defaultFromLanguageCode: 'es',
      toLanguageCode: 'en',
      ...defaultSchedulerSettings,
      // The interface language (decision 0037): English when the sign-up named none.
      locale: 'en',
    });
    const row = await t.app.deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', body.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'user', email_verified: 0, is_freeloaded: 0, disabled: 0 });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps the languages given at sign-up', async () => {
    const user = await createUser(t, { defaultFromLanguageCode: 'ja', toLanguageCode: 'fr' });
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.access });
    expect(info.payload).toMatchObject({ defaultFromLanguageCode: 'ja', toLanguageCode: 'fr' });
  });

  it('answers 409 naming username for a taken username, in any case', async () => {
    const user = await createUser(t);
    const before = await countUsers();
    const res = await create({ ...signUp(), username: user.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.code).toBe('conflict');
    expect(res.payload.issues?.[0]?.path).toBe('username');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a common password naming password, in any case', async () => {
    const before = await countUsers();
    for (const password of ['password1', 'Iloveyou', 'QWERTYUIOP']) {
      const res = await create({ ...signUp(), password });
      expect(res.status, password).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe('password');
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 201 for an e-mail in use, creates nothing and tells the owner', async () => {
    const owner = await createUser(t);
    const before = await countUsers();
    const body = { ...signUp(), email: owner.email.toUpperCase() };
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: null });
    expect(await countUsers()).toBe(before);
    await t.inbox.waitFor(owner.email, /tried to sign up/);
  });

  it('refuses bad sign-up bodies with 400 naming the field, creating nothing', async () => {
    const base = signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, username: 'ab' }, 'username'],
      [{ ...base, username: 'has space' }, 'username'],
      [{ ...base, username: 'x'.repeat(33) }, 'username'],
      [{ ...base, username: 42 }, 'username'],
      [{ ...base, email: 'not-an-email' }, 'email'],
      [{ ...base, password: 'short' }, 'password'],
      [{ ...base, password: 'p'.repeat(129) }, 'password'],
      [{ ...base, defaultFromLanguageCode: 'xx' }, 'defaultFromLanguageCode'],
      [{ ...base, toLanguageCode: 7 }, 'toLanguageCode'],
      [{ ...base, role: 'admin' }, 'role'],
      [{ email: base.email, password: base.password }, 'username'],
    ];
    const before = await countUsers();
    for (const [payload, path] of cases) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
    }
    expect(await countUsers()).toBe(before);
  });

  it('needs a valid bearer for info and account', async () => {
    for (const url of ['/api/user/info', '/api/user/account']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });

  it('answers each user their own info, exactly the UserInfo fields', async () => {
    const ana = await createUser(t);
    const bob = await createUser(t);
    const res = await t.call({ method: 'GET', url: '/api/user/info', token: bob.access });
    expect(res.payload['id']).toBe(bob.id);
    expect(res.payload['username']).toBe(bob.username);
    expect(res.payload['id']).not.toBe(ana.id);
    expect(Object.keys(res.payload).sort()).toEqual(Object.keys(userInfoSchema.shape).sort());
  });

  it('answers the account status: premium with billing off', async () => {
    const user = await createUser(t, { verified: true, role: 'admin' });
    const res = await t.call({ method: 'GET', url: '/api/user/account', token: user.access });
    expect(res.status).toBe(200);
    expect(res.payload).toEqual({
      emailVerified: true,
      role: 'admin',
      plan: 'premium',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pendingEmail: null,
    });
  });
});

describe('account status with billing on', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Billing on needs Stripe's settings; this test never calls Stripe (nothing listens on :9).
    t = await createTestApp({
      env: {
        BILLING: 'on',
        STRIPE_SECRET_KEY: 'sk_test_users',
        STRIPE_WEBHOOK_SECRET: 'whsec_users',
        STRIPE_PRICE_ID: 'price_users',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is free by default and premium when freeloaded', async () => {
    const free = await createUser(t);
    const freeloaded = await createUser(t, { isFreeloaded: true });
    const plan = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/user/account', token })).payload['plan'];
    expect(await plan(free.access)).toBe('free');
    expect(await plan(freeloaded.access)).toBe('premium');
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: freeloaded.access });
    expect(info.payload['isFreeloaded']).toBe(true);
  });
});

describe('test apps', () => {
  it('hash new passwords at the lower cost they ask for, still argon2id', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const row = await t.app.deps.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    } finally {
      await t.close();
    }
  });
});
