import { accountExportSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { addMember } from '../categories/sharing.test-support';

describe('account deletion and export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sendFeedback = (token: string, message: string) =>
    t.call({
      method: 'POST',
      url: '/api/feedback',
      token,
      payload: { kind: 'idea', message, page: '/app/dashboard' },
    });
  const countRows = async (userId: string) => {
    const db = t.app.deps.db;
    const count = async (table: 'sessions' | 'one_time_tokens' | 'feedback') =>
      (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
    return {
      users: (await db.selectFrom('users').select('id').where('id', '=', userId).execute()).length,
      sessions: await count('sessions'),
      tokens: await count('one_time_tokens'),
      feedback: await count('feedback'),
    };
  };

  it('refuses a wrong password naming currentPassword and deletes nothing', async () => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/delete',
      token: user.access,
      payload: { currentPassword: `${user.password}-wrong` },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.[0]?.path).toBe('currentPassword');
    expect((await countRows(user.id)).users).toBe(1);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.access });
    expect(info.status).toBe(200);
  });

  it('deletes the user and everything they own with the right password', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await signIn(t, user.username, user.password);
    expect((await sendFeedback(user.access, 'Great app')).status).toBe(201);
    expect((await sendFeedback(other.access, 'Other learner')).status).toBe(201);
    await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: user.email },
    });
    await t.inbox.waitFor(user.email, /Reset your Glossa password/);
    const before = await countRows(user.id);
    expect(before.sessions).toBe(2);
    expect(before.feedback).toBe(1);
    expect(before.tokens).toBeGreaterThanOrEqual(1);

    const res = await t.call({
      method: 'POST',
      url: '/api/user/delete',
      token: user.access,
      payload: { currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: null });

    expect(await countRows(user.id)).toEqual({ users: 0, sessions: 0, tokens: 0, feedback: 0 });
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: user.access });
    expect(info.status).toBe(401);
    const refresh = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: user.refresh },
    });
    expect(refresh.status).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: user.username, password: user.password },
    });
    expect(login.status).toBe(401);
    // The other learner is untouched.
    expect(await countRows(other.id)).toMatchObject({ users: 1, feedback: 1 });
  });

  it('needs a signed-in user', async () => {
    const del = await t.call({
      method: 'POST',
      url: '/api/user/delete',
      payload: { currentPassword: 'whatever' },
    });
    expect(del.status).toBe(401);
    const exp = await t.call({ method: 'GET', url: '/api/user/export' });
    expect(exp.status).toBe(401);
  });

  it('exports the learner’s data as a dated JSON attachment, and only theirs', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    await signIn(t, user.username, user.password);
    await sendFeedback(user.access, 'Mine: add more languages');
    await sendFeedback(other.access, 'Not mine: secret');
    await t.call({
      method: 'POST',
      url: '/api/study/settings',
      token: user.access,
      payload: { newCardsPerDay: 9, timeZone: 'America/Los_Angeles' },
    });

    const res = await t.call({ method: 'GET', url: '/api/user/export', token: user.access });
    expect(res.status).toBe(200);
    expect(res.code).toBe('ok');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="glossa-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = accountExportSchema.parse(res.payload);
    expect(res.headers['content-disposition']).toContain(data.exportedAt.slice(0, 10));
    expect(data.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: false,
      role: 'user',
    });
    expect(data.user.guessSuccessMinimumScore).toEqual(expect.any(Number));
    expect(data.studySettings).toEqual({
      newCardsPerDay: 9,
      reviewsPerDay: 200,
      dayStartHour: 4,
      timeZone: 'America/Los_Angeles',
      timeZoneSet: true,
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.feedback.map((f) => f.message)).toEqual(['Mine: add more languages']);
    expect(data.feedback[0]).toMatchObject({ kind: 'idea', status: 'new', page: '/app/dashboard' });

    const raw = res.raw.body;
    expect(raw).not.toContain(other.id);
    expect(raw).not.toContain(other.email);
    expect(raw).not.toContain('Not mine');
    const row = await t.app.deps.db
      .selectFrom('users')
      .select(['password_hash', 'security_stamp'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const sessionRows = await t.app.deps.db
      .selectFrom('sessions')
      .select('refresh_digest')
      .where('user_id', '=', user.id)
      .execute();
    for (const secret of [
      row.password_hash,
      row.security_stamp,
      ...sessionRows.map((s) => s.refresh_digest),
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).not.toContain(user.access);
    expect(raw).not.toContain(user.refresh);
  });

  it('exports the learner’s categories (with members) and cards; deletion removes them', async () => {
    const user = await createUser(t);
    const friend = await createUser(t);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await t.call({ method: 'POST', url, token: user.access, payload });
      expect(res.status).toBe(201);
      return String(res.payload['id']);
    };
    const root = await post('/api/categories', { name: 'Spanish', visibility: 'shared' });
    const child = await post('/api/categories', { name: 'Verbs', parentId: root });
    await addMember(t, user, root, friend, 'viewer');
    const card = await post('/api/cards', {
      front: 'ser',
      answers: ['to be'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: child,
    });
    const friendCard = await t.call({
      method: 'POST',
      url: '/api/cards',
      token: friend.access,
      payload: { front: 'not mine', answers: ['x'], fromLanguageCode: 'es', toLanguageCode: 'en' },
    });
    expect(friendCard.status).toBe(201);

    const res = await t.call({ method: 'GET', url: '/api/user/export', token: user.access });
    const data = accountExportSchema.parse(res.payload);
    expect(data.categories.map((c) => [c.id, c.parentId, c.name])).toEqual([
      [root, null, 'Spanish'],
      [child, root, 'Verbs'],
    ]);
    expect(data.categories[0]?.members).toEqual([
      { username: friend.username, role: 'viewer', addedAt: expect.any(String) },
    ]);
    expect(data.cards).toEqual([
      expect.objectContaining({ id: card, front: 'ser', answers: ['to be'], categoryId: child }),
    ]);
    expect(res.raw.body).not.toContain('not mine');

    await t.call({
      method: 'POST',
      url: '/api/user/delete',
      token: user.access,
      payload: { currentPassword: user.password },
    });
    const db = t.app.deps.db;
    expect(
      await db.selectFrom('cards').select('id').where('owner_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('categories').select('id').where('owner_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('category_members')
        .select('user_id')
        .where('category_id', '=', root)
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('cards').select('id').where('owner_id', '=', friend.id).execute(),
    ).toHaveLength(1);
  });
});
