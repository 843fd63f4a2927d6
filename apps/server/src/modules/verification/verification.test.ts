import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { mailsTo, newSignUp, subjects, tokenOf, waitForMails } from './mail.test-support';

const hour = 60 * 60 * 1000;

describe('e-mail verification', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const account = async (token: string) => {
    const res = await t.call({ method: 'GET', url: '/api/user/account', token });
    expect(res.status).toBe(200);
    return res.payload;
  };
  const verify = (token: string) =>
    t.call({ method: 'POST', url: '/api/user/verify-email', payload: { token } });

  it('mails a link on sign-up that verifies the address once, then says it is verified', async () => {
    const body = newSignUp('ver');
    const created = await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    expect(created.status).toBe(201);
    const mail = await t.inbox.waitFor(body.email, subjects.verify);
    expect(mail.text).toContain(body.username);
    const token = tokenOf(t, mail, '/app/verify-email');
    expect(token).toMatch(/^[\w-]{43}$/);

    const { access } = await signIn(t, body.username, body.password);
    expect(await account(access)).toMatchObject({ emailVerified: false });

    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.code).toBe('ok');
    expect(first.raw.json()).toEqual({
      code: 'ok',
      payload: { outcome: 'verified', email: body.email },
    });
    expect(await account(access)).toMatchObject({ emailVerified: true });

    // Opened again (a second click, another device): no failure, and nothing changes.
    const second = await verify(token);
    expect(second.raw.json()).toEqual({
      code: 'ok',
      payload: { outcome: 'already_verified', email: body.email },
    });
    expect(await account(access)).toMatchObject({ emailVerified: true });
  });

  it('stores only a hash of the token', async () => {
    const body = newSignUp('hash');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(body.email, subjects.verify),
      '/app/verify-email',
    );
    const rows = await t.app.deps.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });

  it('refuses an unknown token, naming the field', async () => {
    const res = await verify('not-a-real-token');
    expect(res.status).toBe(400);
    expect(res.payload.issues).toEqual([
      { path: 'token', message: expect.stringMatching(/not valid/) },
    ]);
  });

  it('refuses a link older than 24 hours', async () => {
    const body = newSignUp('exp');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(body.email, subjects.verify),
      '/app/verify-email',
    );
    const start = clock;
    try {
      clock = start + 24 * hour + 1000;
      const res = await verify(token);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.[0]?.path).toBe('token');
      expect(res.payload.message).toMatch(/expired/);
      const { access } = await signIn(t, body.username, body.password);
      expect(await account(access)).toMatchObject({ emailVerified: false });
    } finally {
      clock = start;
    }
  });

  it('accepts a link used just before 24 hours', async () => {
    const body = newSignUp('late');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(body.email, subjects.verify),
      '/app/verify-email',
    );
    const start = clock;
    try {
      clock = start + 24 * hour - 60_000;
      expect((await verify(token)).status).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('resends a new link that replaces the earlier one', async () => {
    const body = newSignUp('res');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const firstToken = tokenOf(
      t,
      await waitForMails(t, body.email, subjects.verify, 1),
      '/app/verify-email',
    );
    const { access } = await signIn(t, body.username, body.password);

    const resent = await t.call({
      method: 'POST',
      url: '/api/user/verify-email/resend',
      token: access,
    });
    expect(resent.status).toBe(200);
    expect(resent.code).toBe('ok');
    const secondToken = tokenOf(
      t,
      await waitForMails(t, body.email, subjects.verify, 2),
      '/app/verify-email',
    );
    expect(secondToken).not.toBe(firstToken);

    const old = await verify(firstToken);
    expect(old.status).toBe(400);
    expect(old.payload.issues?.[0]?.path).toBe('token');
    expect((await verify(secondToken)).status).toBe(200);
    expect(await account(access)).toMatchObject({ emailVerified: true });
    // The replaced link, once the address is verified by the newer one, says so.
    expect((await verify(firstToken)).payload).toEqual({
      outcome: 'already_verified',
      email: body.email,
    });
  });

  it('answers 409 naming email when resending for a verified address, and mails nothing', async () => {
    const body = newSignUp('done');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(body.email, subjects.verify),
      '/app/verify-email',
    );
    expect((await verify(token)).status).toBe(200);
    const { access } = await signIn(t, body.username, body.password);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/verify-email/resend',
      token: access,
    });
    expect(res.status).toBe(409);
    expect(res.code).toBe('conflict');
    expect(res.payload.issues?.[0]?.path).toBe('email');
    await t.idle();
    expect(mailsTo(t, body.email, subjects.verify)).toHaveLength(1);
  });

  it('needs a signed-in user to resend', async () => {
    const res = await t.call({ method: 'POST', url: '/api/user/verify-email/resend' });
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
  });

  it('does not verify an address that changed after the link was sent', async () => {
    const user = await createUser(t);
    const resent = await t.call({
      method: 'POST',
      url: '/api/user/verify-email/resend',
      token: user.access,
    });
    expect(resent.status).toBe(200);
    const token = tokenOf(
      t,
      await waitForMails(t, user.email, subjects.verify, 2),
      '/app/verify-email',
    );
    await t.app.deps.db
      .updateTable('users')
      .set({ email: `moved-${user.email}`, email_lower: `moved-${user.email}`.toLowerCase() })
      .where('id', '=', user.id)
      .execute();
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('token');
    const row = await t.app.deps.db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(0);
  });

  it('refuses a used link whose address is no longer the account’s, verified or not', async () => {
    const body = newSignUp('gone');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(body.email, subjects.verify),
      '/app/verify-email',
    );
    expect((await verify(token)).payload).toMatchObject({ outcome: 'verified' });
    const moved = `moved-${body.email}`;
    await t.app.deps.db
      .updateTable('users')
      .set({ email: moved, email_lower: moved.toLowerCase(), email_verified: 1 })
      .where('email', '=', body.email)
      .execute();
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('token');
  });

  it('answers a sign-up with a taken e-mail like a fresh one and tells the owner', async () => {
    const owner = newSignUp('own');
    const fresh = await t.call({ method: 'POST', url: '/api/user/create', payload: owner });
    await t.inbox.waitFor(owner.email, subjects.verify);

    const intruder = { ...newSignUp('dup'), email: owner.email.toUpperCase() };
    const taken = await t.call({ method: 'POST', url: '/api/user/create', payload: intruder });
    expect(taken.status).toBe(201);
    expect(taken.status).toBe(fresh.status);
    expect(taken.raw.body).toBe(fresh.raw.body);

    const notice = await t.inbox.waitFor(owner.email, subjects.inUse);
    expect(notice.text).toContain(`${t.config.publicUrl}/forget-password`);
    expect(notice.text).toContain(`${t.config.publicUrl}/login`);
    await t.idle();
    expect(mailsTo(t, owner.email, subjects.verify)).toHaveLength(1);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: intruder.username, password: intruder.password },
    });
    expect(login.status).toBe(401);
  });
});
