import { randomUUID } from 'node:crypto';
import { api, fillPath, queryString } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { socketAddress, TestSocket } from '../live/live.test-support';

// The admin area (docs/decisions/0033-admin-and-plans.md): what each action does, its guards,
// the audit log, and the live consequences (sockets closed, plan.changed).

/** The list's item at `index`, which the test made. */
function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

describe('the admin area', () => {
  let t: TestApp;
  let admin: TestUser;
  const mails: { to: string; subject: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      mailer: {
        send: async (mail: { to: string; subject: string }) => void mails.push(mail),
        close: () => {},
      },
    });
    admin = await createUser(t, { verified: true, role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    user: TestUser,
    spec: { method: 'GET' | 'POST'; path: string },
    inputs: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
  ) =>
    t.call({
      method: spec.method,
      url: fillPath(spec.path, inputs.params) + queryString(inputs.query),
      token: user.access,
      ...(inputs.body === undefined ? {} : { payload: inputs.body as Record<string, unknown> }),
    });

  const auditOf = async (targetId: string) => {
    const res = await call(admin, api.admin.audit, { query: { limit: '100' } });
    expect(res.status).toBe(200);
    const items = res.payload['items'] as { target: { id: string }; action: string }[];
    return items.filter((item) => item.target.id === targetId);
  };

  it('lists users by username or e-mail prefix, any case, with their columns, page by page', async () => {
    const stem = `Zq${Date.now().toString(36)}`;
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) made.push(await createUser(t, { username: `${stem}${i}` }));
    await t.call({
      method: 'POST',
      url: api.cards.create.path,
      token: at(made, 0).access,
      payload: {
        front: 'la casa',
        answers: ['the house'],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
      },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { q: stem.toUpperCase(), sort: 'username', limit: '2' };
      if (cursor) query['cursor'] = cursor;
      const res = await call(admin, api.admin.users, { query });
      expect(res.status).toBe(200);
      const items = res.payload['items'] as { username: string; cardCount: number }[];
      seen.push(...items.map((item) => item.username));
      cursor = res.payload['nextCursor'] as string | null;
    } while (cursor);
    expect(seen).toEqual(made.map((u) => u.username));

    const byMail = await call(admin, api.admin.users, {
      query: { q: at(made, 0).email.slice(0, 12) },
    });
    const first = (byMail.payload['items'] as Record<string, unknown>[]).find(
      (item) => item['id'] === at(made, 0).id,
    );
    expect(first).toMatchObject({
      username: at(made, 0).username,
      email: at(made, 0).email,
      role: 'user',
      plan: 'premium',
      isFreeloaded: false,
      disabled: false,
      cardCount: 1,
    });
    expect(typeof first?.['lastActiveAt']).toBe('string');
  });

  it('pages through a prefix most rows match (read along the sort) in every sort, each user once', async () => {
    const stem = `bq${Date.now().toString(36)}`;
    const now = Date.now();
    const rows = Array.from({ length: 620 }, (_, i) => {
      const name = `${stem}_${String(i).padStart(4, '0')}`;
      return {
        id: randomUUID(),
        username: name,
        username_lower: name,
        username_skeleton: name,
        email: `${name}@example.com`,
        email_lower: `${name}@example.com`,
        email_verified: 1,
        password_hash: 'x',
        role: 'user' as const,
        is_freeloaded: 0,
        disabled: 0,
        security_stamp: randomUUID(),
        settings: '{}',
        // Pairs share a creation time: the id orders them.
        created_at: now - Math.floor(i / 2) * 1000,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await t.app.deps.db
        .insertInto('users')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    for (const [sort, order] of [
      ['created', 'desc'],
      ['created', 'asc'],
      ['username', 'asc'],
      ['email', 'desc'],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { q: stem, sort, order, limit: '100' };
        if (cursor) query['cursor'] = cursor;
        const res = await call(admin, api.admin.users, { query });
        expect(res.status).toBe(200);
        seen.push(...(res.payload['items'] as { id: string }[]).map((item) => item.id));
        cursor = res.payload['nextCursor'] as string | null;
      } while (cursor);
      expect(seen).toHaveLength(rows.length);
      expect(new Set(seen).size).toBe(rows.length);
      if (sort === 'username') expect(seen).toEqual(rows.map((row) => row.id));
    }
  });

  it('refuses a cursor of another search, and bad input naming the field', async () => {
    const page = await call(admin, api.admin.users, { query: { limit: '1' } });
    const cursor = page.payload['nextCursor'] as string;
    const other = await call(admin, api.admin.users, { query: { limit: '1', q: 'a', cursor } });
    expect(other.status).toBe(400);
    expect(other.payload['issues']).toEqual([expect.objectContaining({ path: 'cursor' })]);
    for (const [query, field] of [
      [{ sort: 'age' }, 'sort'],
      [{ limit: '0' }, 'limit'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await call(admin, api.admin.users, { query });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.payload['issues'])).toContain(field);
    }
    const bad = await call(admin, api.admin.setRole, {
      params: { id: admin.id },
      body: { role: 'root' },
    });
    expect(bad.status).toBe(400);
  });

  it('grants and takes back free premium, audited, and tells the learner live (plan.changed)', async () => {
    const learner = await createUser(t);
    const socket = await TestSocket.open(await socketAddress(t.app), learner.access);
    const res = await call(admin, api.admin.setFreeloaded, {
      params: { id: learner.id },
      body: { isFreeloaded: true },
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({
      id: learner.id,
      username: learner.username,
      isFreeloaded: true,
      plan: 'premium',
      cardCount: 0,
      lastActiveAt: expect.any(String),
    });
    await socket.next((event) => event.type === 'plan.changed');
    const info = await t.call({ method: 'GET', url: api.user.info.path, token: learner.access });
    expect(info.payload['isFreeloaded']).toBe(true);
    await call(admin, api.admin.setFreeloaded, {
      params: { id: learner.id },
      body: { isFreeloaded: false },
    });
    const audit = await auditOf(learner.id);
    expect(audit.map((a) => a.action)).toEqual(['user.freeloaded', 'user.freeloaded']);
    expect(audit[0]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      before: { isFreeloaded: true },
      after: { isFreeloaded: false },
    });
    socket.close();
  });

  it('disabling ends every session and socket at once; sign-in then answers account_disabled', async () => {
    const learner = await createUser(t);
    const second = await signIn(t, learner.username, learner.password);
    const socket = await TestSocket.open(await socketAddress(t.app), second.access);
    const res = await call(admin, api.admin.setDisabled, {
      params: { id: learner.id },
      body: { disabled: true },
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ disabled: true });
    const signedOut = await socket.next((event) => event.type === 'account.signedOut', 2000);
    expect(signedOut.data).toEqual({ reason: 'disabled' });
    expect((await socket.closed).code).toBe(4403);
    for (const access of [learner.access, second.access]) {
      const info = await t.call({ method: 'GET', url: api.user.info.path, token: access });
      expect(info.status).toBe(401);
    }
    const refresh = await t.call({
      method: 'POST',
      url: api.auth.refresh.path,
      payload: { refresh: second.refresh },
    });
    expect(refresh.status).toBe(401);
    const sessions = await t.app.deps.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', learner.id)
      .execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const login = await t.call({
      method: 'POST',
      url: api.auth.login.path,
      payload: { login: learner.username, password: learner.password },
    });
    expect(login.status).toBe(403);
    expect(login.code).toBe('account_disabled');

    await call(admin, api.admin.setDisabled, {
      params: { id: learner.id },
      body: { disabled: false },
    });
    const again = await t.call({
      method: 'POST',
      url: api.auth.login.path,
      payload: { login: learner.username, password: learner.password },
    });
    expect(again.status).toBe(200);
  });

  it('makes and unmakes admins, never themselves, and the new admin may act', async () => {
    const other = await createUser(t, { verified: true });
    const made = await call(admin, api.admin.setRole, {
      params: { id: other.id },
      body: { role: 'admin' },
    });
    expect(made.payload).toMatchObject({ role: 'admin' });
    const own = await call(admin, api.admin.setRole, {
      params: { id: admin.id },
      body: { role: 'user' },
    });
    expect(own.status).toBe(403);
    const ownDisable = await call(admin, api.admin.setDisabled, {
      params: { id: admin.id },
      body: { disabled: true },
    });
    expect(ownDisable.status).toBe(403);
    // The new admin may list; once unmade, refused.
    expect((await call(other, api.admin.users, {})).status).toBe(200);
    await call(admin, api.admin.setRole, { params: { id: other.id }, body: { role: 'user' } });
    expect((await call(other, api.admin.users, {})).status).toBe(403);
  });

  it('two admins unmaking each other at once leave one admin', async () => {
    const a = await createUser(t, { verified: true, role: 'admin' });
    const b = await createUser(t, { verified: true, role: 'admin' });
    const [ab, ba] = await Promise.all([
      call(a, api.admin.setRole, { params: { id: b.id }, body: { role: 'user' } }),
      call(b, api.admin.setRole, { params: { id: a.id }, body: { role: 'user' } }),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 403]);
    const roles = await t.app.deps.db
      .selectFrom('users')
      .select('role')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'user']);
  });

  it('resends the verification mail of an unverified learner; 409 once verified', async () => {
    const learner = await createUser(t, { verified: false });
    const before = mails.length;
    const res = await call(admin, api.admin.resendVerification, { params: { id: learner.id } });
    expect(res.status).toBe(200);
    expect(mails.slice(before).map((m) => m.to)).toEqual([learner.email]);
    const verified = await createUser(t, { verified: true });
    const again = await call(admin, api.admin.resendVerification, { params: { id: verified.id } });
    expect(again.status).toBe(409);
  });

  it('deletes an account only with its username typed, and keeps the audit entry', async () => {
    const learner = await createUser(t);
    const socket = await TestSocket.open(await socketAddress(t.app), learner.access);
    const wrong = await call(admin, api.admin.deleteUser, {
      params: { id: learner.id },
      body: { username: learner.username.toUpperCase() },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.payload['issues']).toEqual([expect.objectContaining({ path: 'username' })]);
    const res = await call(admin, api.admin.deleteUser, {
      params: { id: learner.id },
      body: { username: learner.username },
    });
    expect(res.status).toBe(200);
    expect((await socket.closed).code).toBeGreaterThanOrEqual(4401);
    const gone = await t.app.deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', learner.id)
      .execute();
    expect(gone).toEqual([]);
    const audit = await auditOf(learner.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'user.deleted',
        target: { id: learner.id, username: learner.username },
        before: expect.objectContaining({ email: learner.email }),
      }),
    ]);
    const own = await call(admin, api.admin.deleteUser, {
      params: { id: admin.id },
      body: { username: admin.username },
    });
    expect(own.status).toBe(403);
  });

  it('triages feedback: newest first, filters, sender and page, marks read and resolved, counts new', async () => {
    const sender = await createUser(t);
    const ids: string[] = [];
    for (const kind of ['bug', 'idea', 'bug']) {
      const sent = await t.call({
        method: 'POST',
        url: api.feedback.create.path,
        token: sender.access,
        payload: { kind, message: `${kind} from ${sender.username}`, page: '/app/study' },
      });
      ids.push(String(sent.payload['id']));
    }
    const count = async () =>
      (await call(admin, api.admin.feedbackCount, {})).payload['new'] as number;
    const newBefore = await count();
    const bugs = await call(admin, api.admin.feedback, { query: { kind: 'bug', status: 'new' } });
    const mine = (
      bugs.payload['items'] as { id: string; sender: { id: string }; page: string }[]
    ).filter((item) => item.sender.id === sender.id);
    expect(mine.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect(mine[0]).toMatchObject({ page: '/app/study', sender: { username: sender.username } });

    const read = await call(admin, api.admin.setFeedbackStatus, {
      params: { id: at(ids, 0) },
      body: { status: 'read' },
    });
    expect(read.payload).toMatchObject({ id: ids[0], status: 'read' });
    await call(admin, api.admin.setFeedbackStatus, {
      params: { id: at(ids, 1) },
      body: { status: 'resolved' },
    });
    expect(await count()).toBe(newBefore - 2);
    const resolved = await call(admin, api.admin.feedback, { query: { status: 'resolved' } });
    expect((resolved.payload['items'] as { id: string }[]).map((i) => i.id)).toContain(ids[1]);
    const audit = await auditOf(at(ids, 1));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'feedback.status', after: { status: 'resolved' } }),
    ]);
  });
});
