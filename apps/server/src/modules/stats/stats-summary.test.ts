import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studySummarySchema } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { sharedWorld } from '../categories/sharing.test-support';
import { studyCalls } from '../study/study.test-support';

/** The study summary: due, new and answered today, the combo and the forecast of the days ahead. */
describe('study summary', () => {
  let t: TestApp;
  // Noon UTC: "today" runs from 00:00 to 24:00 UTC around it.
  let clock = Date.UTC(2026, 2, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const {
    api,
    db,
    advance,
    newCard,
    answerId: answer,
  } = studyCalls(
    () => t,
    (ms) => (clock += ms),
    { elapsedMs: 1200 },
  );
  const summary = async (user: TestUser, query = '') => {
    const res = await api().call('GET', `/api/study/summary${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return studySummarySchema.parse(res.payload);
  };
  /** The forecast computed independently from the learner's progress rows. */
  const expectedForecast = async (userId: string, days: number) => {
    const dayStart = Math.floor(clock / DAY_MS) * DAY_MS;
    const rows = await db()
      .selectFrom('progress')
      .select(['due_at', 'suspended'])
      .where('user_id', '=', userId)
      .execute();
    const counts = Array.from({ length: days }, () => 0);
    for (const row of rows) {
      if (row.due_at === null || row.suspended === 1) continue;
      const day = row.due_at < dayStart ? 0 : Math.floor((row.due_at - dayStart) / DAY_MS);
      if (day < days) counts[day] = (counts[day] ?? 0) + 1;
    }
    return counts;
  };

  it('answers 401 to an anonymous caller, even with a bad query', async () => {
    const { owner } = (await sharedWorld(t)).users;
    const cardId = await newCard(owner);
    for (const url of [
      '/api/study/summary',
      '/api/study/summary?forecastDays=0',
      `/api/cards/${cardId}/schedule`,
      `/api/cards/${cardId}/schedule?historyLimit=nope`,
    ]) {
      const res = await api().call('GET', url, undefined);
      expect(res.status, url).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });

  it('a new account has an empty summary with a 14-day forecast from today', async () => {
    const user = await createUser(t);
    const res = await summary(user);
    expect(res).toEqual({
      today: '2026-03-10',
      hasCards: false,
      dueNow: 0,
      dueToday: 0,
      newToday: 0,
      answeredToday: { total: 0, successes: 0, failures: 0 },
      combo: { current: 0, best: 0, bestAt: null },
      forecast: Array.from({ length: 14 }, (_, day) => ({
        date: new Date(Date.UTC(2026, 2, 10 + day)).toISOString().slice(0, 10),
        due: 0,
      })),
    });
  });

  it('counts due, new, answered (undo and "I was right" included) and the forecast', async () => {
    const user = await createUser(t);
    const cards = [];
    for (let i = 0; i < 5; i += 1) cards.push(await newCard(user));
    const [a, b, c, d, e] = cards as [string, string, string, string, string];
    expect(await summary(user)).toMatchObject({ hasCards: true, newToday: 5, dueToday: 0 });

    await answer(user, a, 'the house');
    const failed = await answer(user, b, 'la maison');
    await answer(user, c, 'the house');
    const undone = await answer(user, d, 'the house');
    expect((await api().call('POST', `/api/study/reviews/${undone}/undo`, user)).status).toBe(200);
    let res = await summary(user);
    expect(res.answeredToday).toEqual({ total: 3, successes: 2, failures: 1 });
    // The undo restored the combo as it was before d's answer.
    expect(res.combo).toMatchObject({ current: 1, best: 1 });
    // d was undone, so it is new again: d and e remain.
    expect(res.newToday).toBe(2);
    expect(res.dueNow).toBe(0);
    expect(res.forecast.map((day) => day.due)).toEqual(await expectedForecast(user.id, 14));
    expect(res.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(3);

    expect((await api().call('POST', `/api/study/reviews/${failed}/override`, user)).status).toBe(
      200,
    );
    res = await summary(user);
    expect(res.answeredToday).toEqual({ total: 3, successes: 3, failures: 0 });

    // A later day: yesterday's answers no longer count, every studied card is overdue by now.
    await advance(20 * DAY_MS, user);
    res = await summary(user, '?forecastDays=30');
    expect(res.today).toBe('2026-03-30');
    expect(res.forecast).toHaveLength(30);
    expect(res.answeredToday).toEqual({ total: 0, successes: 0, failures: 0 });
    expect(res.dueNow).toBe(3);
    expect(res.dueToday).toBe(3);
    expect(res.forecast[0]).toEqual({ date: '2026-03-30', due: 3 });
    expect(res.newToday).toBe(2);
    await answer(user, e, 'the house');
    res = await summary(user);
    expect(res).toMatchObject({ dueNow: 3, dueToday: 3, newToday: 1 });
    expect(res.forecast.map((day) => day.due)).toEqual(await expectedForecast(user.id, 14));
  });

  it('counts a card due later today in dueToday but not in dueNow', async () => {
    clock = Date.UTC(2026, 3, 1, 1, 0, 0);
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    const row = await db()
      .selectFrom('progress')
      .select('due_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // Due at 01:00 UTC some days later: at midnight of that day it is due later today, not now.
    await advance((row.due_at ?? 0) - clock - 3_600_000, user);
    const res = await summary(user);
    expect(res.dueNow).toBe(0);
    expect(res.dueToday).toBe(1);
    expect(res.forecast[0]?.due).toBe(1);
  });

  it('agrees with the queue: new cards per day across categories, due now', async () => {
    const user = await createUser(t);
    const category = await api().must('POST', '/api/categories', user, { name: 'Verbs' });
    const categoryId = String(category['id']);
    const inCategory = [];
    for (let i = 0; i < 24; i += 1) inCategory.push(await newCard(user, { categoryId }));
    for (let i = 0; i < 3; i += 1) await newCard(user);
    const queue = async () => {
      const res = await api().call('GET', '/api/study/queue?limit=200', user);
      expect(res.status).toBe(200);
      return res.payload as { dueCount: number; newCount: number };
    };
    // At most 20 new cards a day (the learner's default), whatever their categories (issue 16).
    expect((await summary(user)).newToday).toBe(20);
    expect((await queue()).newCount).toBe(20);
    for (const cardId of inCategory.slice(0, 6)) await answer(user, cardId, 'the house');
    expect((await summary(user)).newToday).toBe(14);
    expect((await queue()).newCount).toBe(14);
    await advance(10 * DAY_MS, user);
    const res = await summary(user);
    const q = await queue();
    expect(res).toMatchObject({ newToday: q.newCount, dueNow: q.dueCount, dueToday: 6 });
    expect(res.newToday).toBe(20);
  });

  it('keeps studied cards of a deleted category in the forecast once they moved up', async () => {
    const user = await createUser(t);
    const category = await api().must('POST', '/api/categories', user, { name: 'Gone soon' });
    const categoryId = String(category['id']);
    const cardId = await newCard(user, { categoryId });
    await answer(user, cardId, 'the house');
    const before = await summary(user);
    expect(before.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(1);
    await api().must('DELETE', `/api/categories/${categoryId}?cards=move`, user);
    const after = await summary(user);
    expect(after.forecast).toEqual(before.forecast);
    expect(after.hasCards).toBe(true);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    const user = await createUser(t);
    for (const [query, field] of [
      ['forecastDays=0', 'forecastDays'],
      ['forecastDays=61', 'forecastDays'],
      ['forecastDays=2.5', 'forecastDays'],
      ['forecastDays=many', 'forecastDays'],
      ['since=yesterday', 'since'],
    ] as const) {
      const res = await api().call('GET', `/api/study/summary?${query}`, user);
      expect(res.status, query).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    }
  });

  it('covers the cards the queue studies: shared ones while they are shared', async () => {
    const world = await sharedWorld(t);
    const { owner, viewer, stranger } = world.users;
    expect(await summary(owner)).toMatchObject({ hasCards: true, newToday: 2 });
    // The viewer sees the shared card, not the owner's private one; the stranger sees none.
    expect(await summary(viewer)).toMatchObject({ hasCards: true, newToday: 1 });
    expect(await summary(stranger)).toMatchObject({ hasCards: false, newToday: 0 });
    await answer(viewer, world.cardId, 'the house');
    let res = await summary(viewer);
    expect(res.answeredToday.total).toBe(1);
    expect(res.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(1);
    // The owner's own figures do not move with the viewer's study.
    expect((await summary(owner)).answeredToday.total).toBe(0);

    await api().must('PATCH', `/api/categories/${world.categoryId}`, owner, {
      visibility: 'private',
    });
    res = await summary(viewer);
    expect(res).toMatchObject({ hasCards: false, newToday: 0, dueNow: 0 });
    expect(res.forecast.reduce((sum, day) => sum + day.due, 0)).toBe(0);
    // Answers given stay answers given.
    expect(res.answeredToday.total).toBe(1);
  });
});
