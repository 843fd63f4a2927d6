import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, uniqueName, type TestUser } from '../../../test/factories';
import { mailsTo, subjects, tokenOf, waitForMails } from './mail.test-support';

// An e-mail change takes effect only when the new address confirms its link; the answer and the
// waiting change look the same whether the address is free or has an account (decision 0017).

const changeSubjects = {
  confirm: /Confirm your new e-mail address/,
  asked: /change of your Glossa e-mail address was asked/,
  changed: /Glossa e-mail address was changed/,
};
const hour = 60 * 60 * 1000;

describe('e-mail change', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const changeEmail = (user: TestUser, email: string) =>
    t.call({
      method: 'POST',
      url: '/api/user/edit',
      token: user.access,
      payload: { email, currentPassword: user.password },
    });
  const account = async (token: string) =>
    (await t.call({ method: 'GET', url: '/api/user/account', token })).payload;
  const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });
  const verify = (token: string) =>
    t.call({ method: 'POST', url: '/api/user/verify-email', payload: { token } });
  const freshAddress = () => `${uniqueName('moved')}@example.com`;
  const linkTo = async (email: string, count = 1) =>
    tokenOf(t, await waitForMails(t, email, changeSubjects.confirm, count), '/app/verify-email');

  it('changes nothing yet: mails the link to the new address and tells the current one', async () => {
    const user = await createUser(t, { verified: true });
    const email = freshAddress();
    const res = await changeEmail(user, email);
    expect(res.status).toBe(200);
    // The security stamp turns over at the confirmation, not now: no new tokens.
    expect(res.raw.json()).toEqual({ code: 'ok', payload: { access: null, refresh: null } });
    expect((await info(user.access)).payload['email']).toBe(user.email);
    expect(await account(user.access)).toMatchObject({ emailVerified: true, pendingEmail: email });

    const link = await t.inbox.waitFor(email, changeSubjects.confirm);
    expect(link.text).toContain(user.username);
    const asked = await t.inbox.waitFor(user.email, changeSubjects.asked);
    expect(asked.text).toContain(email);
    expect(asked.text).toContain(`${t.config.publicUrl}/app/settings/authentification`);
    // Signing in still takes the current address, not the one waiting.
    await signIn(t, user.email, user.password);
    const wrong = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: email, password: user.password },
    });
    expect(wrong.status).toBe(401);
  });

  it('makes the change when the link is followed: verified, every session ended, old address told', async () => {
    const user = await createUser(t);
    const elsewhere = await signIn(t, user.username, user.password);
    const email = freshAddress();
    expect((await changeEmail(user, email)).status).toBe(200);
    const token = await linkTo(email);

    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: { outcome: 'changed', email } });
    for (const session of [user, elsewhere]) {
      expect((await info(session.access)).status).toBe(401);
      const refreshed = await t.call({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh: session.refresh },
      });
      expect(refreshed.status).toBe(401);
    }
    const told = await t.inbox.waitFor(user.email, changeSubjects.changed);
    expect(told.text).toContain(email);

    const after = await signIn(t, email, user.password);
    expect((await info(after.access)).payload['email']).toBe(email);
    expect(await account(after.access)).toMatchObject({ emailVerified: true, pendingEmail: null });
    expect((await verify(token)).status).toBe(400);
    // The old address no longer signs in.
    const old = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.email, password: user.password },
    });
    expect(old.status).toBe(401);
  });

  it('answers an address of another account exactly like a free one, mailing its owner a notice', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const owner = await createUser(t);
    const free = freshAddress();

    const toFree = await changeEmail(other, free);
    const toTaken = await changeEmail(user, owner.email.toUpperCase());
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken.raw.body).toBe(toFree.raw.body);
    expect(Object.keys(toTaken.headers).sort()).toEqual(Object.keys(toFree.headers).sort());
    expect(await account(user.access)).toMatchObject({ pendingEmail: owner.email.toUpperCase() });

    await t.inbox.waitFor(owner.email, subjects.inUse);
    await t.inbox.waitFor(user.email, changeSubjects.asked);
    await t.idle();
    // No link exists that could move the account onto the taken address.
    expect(mailsTo(t, owner.email, changeSubjects.confirm)).toHaveLength(0);
    expect((await info(user.access)).payload['email']).toBe(user.email);
  });

  it('resends the link (the earlier one stops working) and cancels the change', async () => {
    const user = await createUser(t);
    const email = freshAddress();
    expect((await changeEmail(user, email)).status).toBe(200);
    const first = await linkTo(email, 1);
    const resend = await t.call({
      method: 'POST',
      url: '/api/user/email-change/resend',
      token: user.access,
    });
    expect(resend.status).toBe(200);
    const second = await linkTo(email, 2);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);

    const cancel = await t.call({
      method: 'DELETE',
      url: '/api/user/email-change',
      token: user.access,
    });
    expect(cancel.status).toBe(200);
    expect(await account(user.access)).toMatchObject({ pendingEmail: null });
    const stale = await verify(second);
    expect(stale.status).toBe(400);
    expect(stale.payload.issues?.[0]?.path).toBe('token');
    expect((await info(user.access)).payload['email']).toBe(user.email);
    // Cancelling again is harmless; resending without a waiting change is a 404.
    expect(
      (await t.call({ method: 'DELETE', url: '/api/user/email-change', token: user.access }))
        .status,
    ).toBe(200);
    const none = await t.call({
      method: 'POST',
      url: '/api/user/email-change/resend',
      token: user.access,
    });
    expect(none.status).toBe(404);
    expect(none.code).toBe('not_found');
  });

  it('lets a waiting change lapse after 24 hours', async () => {
    const user = await createUser(t);
    const email = freshAddress();
    expect((await changeEmail(user, email)).status).toBe(200);
    const token = await linkTo(email);
    const start = clock;
    try {
      clock = start + 24 * hour + 1000;
      const later = await signIn(t, user.username, user.password);
      expect(await account(later.access)).toMatchObject({ pendingEmail: null });
      const late = await verify(token);
      expect(late.status).toBe(400);
      expect(late.payload.message).toMatch(/expired/);
    } finally {
      clock = start;
    }
  });

  it('refuses the link when another account took the address meanwhile, changing nothing', async () => {
    const user = await createUser(t);
    const email = freshAddress();
    expect((await changeEmail(user, email)).status).toBe(200);
    const token = await linkTo(email);
    await createUser(t, { email });
    const res = await verify(token);
    expect(res.status).toBe(409);
    expect(res.code).toBe('conflict');
    expect(res.payload.issues?.[0]?.path).toBe('email');
    expect((await info(user.access)).payload['email']).toBe(user.email);
  });

  it('needs a signed-in user to resend or cancel', async () => {
    const resend = await t.call({ method: 'POST', url: '/api/user/email-change/resend' });
    const cancel = await t.call({ method: 'DELETE', url: '/api/user/email-change' });
    expect([resend.status, cancel.status]).toEqual([401, 401]);
  });

  it('refuses a resend body with fields, naming them', async () => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/email-change/resend',
      token: user.access,
      payload: { email: 'someone@example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain('email');
  });

  it("verifies the account's own address as before, answering what it did", async () => {
    const user = await createUser(t);
    await t.call({ method: 'POST', url: '/api/user/verify-email/resend', token: user.access });
    const token = tokenOf(
      t,
      await waitForMails(t, user.email, subjects.verify, 2),
      '/app/verify-email',
    );
    const res = await verify(token);
    expect(res.raw.json()).toEqual({
      code: 'ok',
      payload: { outcome: 'verified', email: user.email },
    });
    expect((await info(user.access)).status).toBe(200);
  });
});
