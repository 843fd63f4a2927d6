import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { uniqueLabel } from '../categories/sharing.test-support';
import { studyCalls } from './study.test-support';

/** The queue's order (due cards, then new ones) and its daily budget of new cards. */
describe('study: the queue order', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, advance, newCard, answer, queue } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  it('queues due cards most overdue first, then new cards oldest first', async () => {
    const user = await createUser(t);
    const [a, b, c] = [await newCard(user), await newCard(user), await newCard(user)];
    for (const id of [a, b, c]) await answer(user, id, 'the house');
    clock += 1;
    const fresh1 = await newCard(user);
    clock += 1;
    const fresh2 = await newCard(user);
    const setDue = (cardId: string, dueAt: number) =>
      db()
        .updateTable('progress')
        .set({ due_at: dueAt })
        .where('user_id', '=', user.id)
        .where('card_id', '=', cardId)
        .execute();
    await setDue(a, clock - 1 * DAY_MS);
    await setDue(b, clock - 5 * DAY_MS);
    await setDue(c, clock + 3 * DAY_MS);
    const q = await queue(user);
    expect(q.items.map((i) => [i.cardId, i.kind])).toEqual([
      [b, 'due'],
      [a, 'due'],
      [fresh1, 'new'],
      [fresh2, 'new'],
    ]);
    expect(q.dueCount).toBe(2);
    const limited = await queue(user, '?limit=3');
    expect(limited.items.map((i) => i.cardId)).toEqual([b, a, fresh1]);
  });

  it('introduces at most 20 new cards a day (the default limit), across categories', async () => {
    const user = await createUser(t);
    const category = await api().must('POST', '/api/categories', user, {
      name: uniqueLabel('Deck'),
    });
    const categoryId = String(category['id']);
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      clock += 1;
      ids.push(await newCard(user, { categoryId }));
    }
    const other = await newCard(user);
    const q = await queue(user, `?categoryId=${categoryId}`);
    expect(q.items.map((i) => i.cardId)).toEqual(ids.slice(0, 20));
    expect(q.newCount).toBe(20);
    await answer(user, ids[0] ?? '', 'the house');
    await answer(user, ids[1] ?? '', 'nope');
    const after = await queue(user, `?categoryId=${categoryId}`);
    expect(after.items.map((i) => i.cardId)).toEqual(ids.slice(2, 20));
    // The uncategorised card shares the one daily limit: the whole queue offers the same 18.
    const whole = await queue(user);
    expect(whole.newCount).toBe(18);
    expect(whole.items.map((i) => i.cardId)).not.toContain(other);
    await advance(DAY_MS, user);
    const tomorrow = await queue(user, `?categoryId=${categoryId}`);
    expect(tomorrow.items.filter((i) => i.kind === 'new')).toHaveLength(20);
  });

  it.each([
    ['limit', '?limit=0'],
    ['limit', '?limit=abc'],
    ['limit', '?limit=1000'],
    ['categoryId', '?categoryId='],
  ])('queue answers 400 naming %s', async (field, query) => {
    const user = await createUser(t);
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((i) => i.path)).toContain(field);
  });
});
