import { ownerLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

describe('POST /api/feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const feedbackOf = (userId: string) =>
    t.app.deps.db.selectFrom('feedback').selectAll().where('user_id', '=', userId).execute();
  const good = { kind: 'bug', message: 'The study page froze', page: '/app/study' };

  it('stores the feedback as new and answers 201 with its id', async () => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/feedback',
      token: user.access,
      payload: good,
    });
    expect(res.status).toBe(201);
    expect(res.code).toBe('ok');
    expect(Object.keys(res.payload)).toEqual(['id']);
    const rows = await feedbackOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.payload['id'], ...good, status: 'new' });
  });

  it('trims the message and accepts any script and the longest allowed message', async () => {
    const user = await createUser(t);
    const message = `  日本語 العربية ${'é'.repeat(4970)}  `;
    const res = await t.call({
      method: 'POST',
      url: '/api/feedback',
      token: user.access,
      payload: { kind: 'other', message, page: '' },
    });
    expect(res.status).toBe(201);
    const [row] = await feedbackOf(user.id);
    expect(row?.message).toBe(message.trim());
  });

  it.each([
    ['kind', { ...good, kind: 'praise' }],
    ['kind', { message: good.message, page: good.page }],
    ['message', { ...good, message: '   ' }],
    ['message', { ...good, message: 'x'.repeat(5001) }],
    ['message', { ...good, message: 42 }],
    ['page', { ...good, page: 'p'.repeat(2049) }],
    ['page', { kind: good.kind, message: good.message }],
    ['rating', { ...good, rating: 5 }],
  ])('answers 400 naming %s and stores nothing', async (field, payload) => {
    const user = await createUser(t);
    const res = await t.call({ method: 'POST', url: '/api/feedback', token: user.access, payload });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    expect(await feedbackOf(user.id)).toHaveLength(0);
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = await t.app.deps.db.selectFrom('feedback').select('id').execute();
    const res = await t.call({ method: 'POST', url: '/api/feedback', payload: good });
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
    const after = await t.app.deps.db.selectFrom('feedback').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('POST /api/feedback: the daily limit (docs/limits.md)', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 4, 1, 9, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (token: string, message: string) =>
    t.call({
      method: 'POST',
      url: '/api/feedback',
      token,
      payload: { kind: 'idea', message, page: '/app' },
    });
  const countOf = async (userId: string) =>
    (
      await t.app.deps.db
        .selectFrom('feedback')
        .select('id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('takes feedbackPerDayMax messages in 24 hours, concurrent ones too, then 429 until the oldest is a day old', async () => {
    const [user, other] = [await createUser(t), await createUser(t)];
    const first = await send(user.access, 'first');
    expect(first.status).toBe(201);
    clock += 60 * 60 * 1000;
    Object.assign(user, await signIn(t, user.username, user.password));
    Object.assign(other, await signIn(t, other.username, other.password));
    const rest = await Promise.all(
      Array.from({ length: ownerLimits.feedbackPerDayMax + 5 }, (_, i) =>
        send(user.access, `idea ${i}`),
      ),
    );
    expect(rest.filter((res) => res.status === 201)).toHaveLength(
      ownerLimits.feedbackPerDayMax - 1,
    );
    const refused = rest.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.code)).toEqual(Array(6).fill('rate_limited'));
    // The first message leaves the window 23 hours from now.
    expect(refused[0]?.headers['retry-after']).toBe(String(23 * 60 * 60));
    expect(await countOf(user.id)).toBe(ownerLimits.feedbackPerDayMax);
    expect((await send(other.access, 'mine')).status).toBe(201);

    clock += 23 * 60 * 60 * 1000;
    Object.assign(user, await signIn(t, user.username, user.password));
    expect((await send(user.access, 'a day later')).status).toBe(201);
    expect((await send(user.access, 'one too many')).status).toBe(429);
  });
});
