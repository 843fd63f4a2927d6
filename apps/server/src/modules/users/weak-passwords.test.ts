import { passwordMessages } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, uniqueName } from '../../../test/factories';
import { subjects, tokenOf } from '../verification/mail.test-support';

// Spaces only, and passwords built from the account's own username or e-mail, are refused with a
// 400 naming `password` wherever a new password is set; the rule is the contract's (decision 0017).

describe('weak passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const expectRefused = (
    res: Awaited<ReturnType<TestApp['call']>>,
    message: string,
    label: string,
  ) => {
    expect(res.status, label).toBe(400);
    expect(res.code, label).toBe('invalid_input');
    expect(res.payload.issues, label).toEqual([{ path: 'password', message }]);
  };
  const userCount = async (username: string) =>
    (
      await t.app.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .execute()
    ).length;

  it('refuses a sign-up with spaces only, the username or the e-mail, and creates nothing', async () => {
    const username = uniqueName('Marta');
    const email = `${username.toLowerCase()}.k@example.com`;
    const cases: [string, string][] = [
      [' '.repeat(8), passwordMessages.blank],
      [' '.repeat(20), passwordMessages.blank],
      [username, passwordMessages.username],
      [`${username.toUpperCase()}2024!`, passwordMessages.username],
      [email, passwordMessages.email],
      [`${username}.k#1`, passwordMessages.email],
    ];
    for (const [password, message] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/user/create',
        payload: { username, email, password },
      });
      expectRefused(res, message, JSON.stringify(password));
    }
    expect(await userCount(username)).toBe(0);
    // The common-password list still applies.
    const common = await t.call({
      method: 'POST',
      url: '/api/user/create',
      payload: { username, email, password: 'password123' },
    });
    expect(common.status).toBe(400);
    expect(common.payload.issues?.[0]?.path).toBe('password');
  });

  it('refuses a new password built from the username, the new username or the new e-mail', async () => {
    const user = await createUser(t);
    const edit = (payload: object) =>
      t.call({ method: 'POST', url: '/api/user/edit', token: user.access, payload });
    const renamed = uniqueName('Olek');
    const newEmail = `${uniqueName('box')}@example.com`;
    const cases: [object, string][] = [
      [{ password: '        ' }, passwordMessages.blank],
      [{ password: `${user.username}99` }, passwordMessages.username],
      [{ password: `${user.email}` }, passwordMessages.email],
      [{ password: `!${renamed}!`, username: renamed }, passwordMessages.username],
      [{ password: `${newEmail}.`, email: newEmail }, passwordMessages.email],
    ];
    for (const [payload, message] of cases) {
      const res = await edit({ ...payload, currentPassword: user.password });
      expectRefused(res, message, JSON.stringify(payload));
    }
    // Nothing changed: the old password still signs in, under the old name.
    await signIn(t, user.username, user.password);
    expect(
      (await edit({ password: 'a long walk by the river', currentPassword: user.password })).status,
    ).toBe(200);
  });

  it('refuses a reset to the username and leaves the link usable', async () => {
    const user = await createUser(t);
    await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: user.email },
    });
    const token = tokenOf(
      t,
      await t.inbox.waitFor(user.email, subjects.reset),
      '/app/reset-password',
    );
    const reset = (password: string) =>
      t.call({ method: 'POST', url: '/api/user/reset-password', payload: { token, password } });
    expectRefused(await reset(`${user.username}1`), passwordMessages.username, 'username');
    expectRefused(await reset('\u00a0'.repeat(10)), passwordMessages.blank, 'blank');
    expect((await reset('seven quiet owls at dawn')).status).toBe(200);
    await signIn(t, user.username, 'seven quiet owls at dawn');
  });
});
