import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

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
