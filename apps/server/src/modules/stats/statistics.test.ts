import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsActivitySchema, statsCategoriesSchema, statsRetentionSchema } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { studyCalls } from '../study/study.test-support';

const HOUR = 3_600_000;

/** The dashboard's statistics: activity and streak, true retention, progress per category. */
describe('statistics', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 2, 10, 10, 30);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, advance, newCard, answer, answerId, logOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
    { elapsedMs: 1200 },
  );
  const get = async (user: TestUser, url: string) => {
    const res = await api().call('GET', url, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return res.payload;
  };
  const activity = async (user: TestUser, query = '') =>
    statsActivitySchema.parse(await get(user, `/api/stats/activity${query}`));
  const retention = async (user: TestUser) =>
    statsRetentionSchema.parse(await get(user, '/api/stats/retention'));
  const categories = async (user: TestUser) =>
    statsCategoriesSchema.parse(await get(user, '/api/stats/categories'));
  const settings = (user: TestUser, body: Record<string, unknown>) =>
    api().must('POST', '/api/study/settings', user, body);

  /** A log row written as the writer would, with the state before and after chosen. */
  const logRow = async (
    user: TestUser,
    cardId: string,
    row: {
      at: number;
      success: boolean;
      period: number | null;
      dueAt?: number;
      elapsedMs?: number;
    },
  ) => {
    const seq = ((await logOf(user.id)).at(-1)?.seq ?? 0) + 1;
    const progress = (period: number) => ({
      elevation: 1,
      period,
      lapses: 0,
      reps: 1,
      lastReviewAt: row.at - period * DAY_MS,
      dueAt: row.dueAt ?? row.at - HOUR,
      suspended: 0,
      categoryId: null,
      createdAt: 0,
    });
    const combo = { current: row.success ? 1 : 0, best: 1, bestAt: null };
    await db()
      .insertInto('review_log')
      .values({
        id: randomUUID(),
        user_id: user.id,
        card_id: cardId,
        seq,
        client_review_id: randomUUID(),
        kind: 'review',
        target_id: null,
        reviewed_at: row.at,
        guess: 'x',
        score: row.success ? 1 : 0,
        success: row.success ? 1 : 0,
        grade: row.success ? 3 : 1,
        elapsed_ms: row.elapsedMs ?? 1000,
        state_before: JSON.stringify({
          progress: row.period === null ? null : progress(row.period),
          combo,
        }),
        state_after: JSON.stringify({ progress: progress(row.period ?? 1), combo }),
        result: '{}',
      })
      .execute();
  };

  it('answers 401 to an anonymous caller and names the field of a bad query', async () => {
    for (const url of ['/api/stats/activity', '/api/stats/retention', '/api/stats/categories']) {
      const res = await api().call('GET', url, undefined);
      expect(res.status, url).toBe(401);
    }
    const user = await createUser(t);
    for (const query of ['?days=0', '?days=367', '?days=soon', '?days=1.5']) {
      const res = await api().call('GET', `/api/stats/activity${query}`, user);
      expect(res.status, query).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(JSON.stringify(res.payload)).toContain('days');
    }
  });

  it('an empty learner has no activity, empty periods and no categories', async () => {
    const user = await createUser(t);
    const a = await activity(user);
    expect(a).toMatchObject({
      today: '2026-03-10',
      days: [],
      currentStreak: 0,
      bestStreak: 0,
      totals: { reviews: 0, timeMs: 0, activeDays: 0 },
      bestCombos: [],
    });
    expect(a.from).toBe('2025-03-11');
    const r = await retention(user);
    expect(r.days).toHaveLength(30);
    expect(r.weeks).toHaveLength(12);
    expect(r.months).toHaveLength(12);
    expect(r.weeks.at(-1)?.start).toBe('2026-03-09');
    expect(r.months.at(-1)?.start).toBe('2026-03-01');
    expect(r.months[0]?.start).toBe('2025-04-01');
    const zero = { youngPassed: 0, youngFailed: 0, maturePassed: 0, matureFailed: 0 };
    expect(
      r.days.every(
        (d) => JSON.stringify({ ...d, start: '' }) === JSON.stringify({ start: '', ...zero }),
      ),
    ).toBe(true);
    expect(await categories(user)).toEqual({ categories: [], more: 0 });
  });

  it('counts days and the streak in the learner’s own day (time zone and day-start hour)', async () => {
    clock = Date.UTC(2026, 2, 10, 10, 30); // 03:30 in Los Angeles (UTC−7 since 8 March)
    const user = await createUser(t);
    await settings(user, { timeZone: 'America/Los_Angeles', dayStartHour: 4 });
    const [a, b, c, d] = [
      await newCard(user),
      await newCard(user),
      await newCard(user),
      await newCard(user),
    ];
    await answer(user, a, 'the house'); // before 4 a.m.: still 9 March for the learner
    await advance(HOUR, user); // 04:30: 10 March
    await answer(user, b, 'the house');
    let res = await activity(user, '?days=7');
    expect(res.today).toBe('2026-03-10');
    expect(res.from).toBe('2026-03-04');
    expect(res.days).toEqual([
      { date: '2026-03-09', reviews: 1, timeMs: 1200 },
      { date: '2026-03-10', reviews: 1, timeMs: 1200 },
    ]);
    expect(res).toMatchObject({ currentStreak: 2, bestStreak: 2 });

    // 03:00 on 12 March in Los Angeles: the learner's 11 March, nothing answered yet.
    clock = Date.UTC(2026, 2, 12, 10, 0);
    await advance(0, user);
    res = await activity(user);
    expect(res.today).toBe('2026-03-11');
    // Today has no answer yet: the streak holds until the day ends.
    expect(res).toMatchObject({ currentStreak: 2, bestStreak: 2 });
    await answer(user, c, 'the house');
    res = await activity(user);
    expect(res).toMatchObject({ currentStreak: 3, bestStreak: 3 });
    expect(res.totals).toEqual({ reviews: 3, timeMs: 3600, activeDays: 3 });

    // Two days without answers: the streak is lost, the best one stays.
    await advance(2 * DAY_MS, user);
    await answer(user, d, 'the house');
    res = await activity(user);
    expect(res).toMatchObject({ today: '2026-03-13', currentStreak: 1, bestStreak: 3 });

    // Another zone: the same answers fall on other days (the days are summed again).
    await settings(user, { timeZone: 'Asia/Tokyo', dayStartHour: 0 });
    res = await activity(user);
    expect(res.today).toBe('2026-03-14');
    expect(res.days.map((day) => [day.date, day.reviews])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-12', 1],
      ['2026-03-14', 1],
    ]);
    expect(res).toMatchObject({ currentStreak: 1, bestStreak: 1 });
  });

  it('true retention: due answers passed and failed, young and mature apart, per day, week and month', async () => {
    clock = Date.UTC(2026, 2, 18, 12, 0); // a Wednesday
    const user = await createUser(t);
    const card = await newCard(user);
    const today = clock;
    const yesterday = clock - DAY_MS;
    await logRow(user, card, { at: yesterday, success: true, period: null }); // new: not retention
    await logRow(user, card, { at: yesterday + HOUR, success: true, period: 3 });
    await logRow(user, card, { at: yesterday + 2 * HOUR, success: false, period: 20 });
    await logRow(user, card, { at: today - HOUR, success: true, period: 21 });
    await logRow(user, card, { at: today - HOUR, success: true, period: 400 });
    await logRow(user, card, { at: today - HOUR, success: false, period: 60 });
    // Studied ahead (due tomorrow): not a due card's answer.
    await logRow(user, card, { at: today - HOUR, success: true, period: 5, dueAt: today + DAY_MS });
    // Long answers count a minute each.
    await logRow(user, card, {
      at: today - 2 * HOUR,
      success: true,
      period: 2,
      elapsedMs: 600_000,
    });
    // Three weeks ago, in last month.
    await logRow(user, card, { at: Date.UTC(2026, 1, 25, 12), success: false, period: 30 });

    const r = await retention(user);
    expect(r.today).toBe('2026-03-18');
    expect(r.days.at(-1)).toEqual({
      start: '2026-03-18',
      youngPassed: 1,
      youngFailed: 0,
      maturePassed: 2,
      matureFailed: 1,
    });
    expect(r.days.at(-2)).toEqual({
      start: '2026-03-17',
      youngPassed: 1,
      youngFailed: 1,
      maturePassed: 0,
      matureFailed: 0,
    });
    expect(r.weeks.at(-1)).toEqual({
      start: '2026-03-16',
      youngPassed: 2,
      youngFailed: 1,
      maturePassed: 2,
      matureFailed: 1,
    });
    expect(r.weeks.at(-4)).toMatchObject({ start: '2026-02-23', matureFailed: 1 });
    expect(r.months.at(-1)).toMatchObject({ start: '2026-03-01', youngPassed: 2, maturePassed: 2 });
    expect(r.months.at(-2)).toMatchObject({ start: '2026-02-01', matureFailed: 1 });

    const a = await activity(user);
    expect(a.days.at(-1)).toEqual({ date: '2026-03-18', reviews: 5, timeMs: 4 * 1000 + 60_000 });
  });

  it('follows undo and "I was right" written after the days were summed', async () => {
    clock = Date.UTC(2026, 4, 5, 12, 0);
    const user = await createUser(t);
    const [a, b, c] = [await newCard(user), await newCard(user), await newCard(user)];
    await answer(user, a, 'the house');
    await answer(user, b, 'the house');
    await answer(user, c, 'the house');
    let res = await activity(user);
    expect(res.days).toEqual([{ date: '2026-05-05', reviews: 3, timeMs: 3600 }]);
    expect(res.bestCombos).toEqual([{ date: '2026-05-05', combo: 3 }]);

    // The next day: a due card failed, then counted right; another due one answered and undone.
    await advance(40 * DAY_MS, user);
    const failed = await answerId(user, a, 'la maison');
    const undone = await answerId(user, b, 'the house');
    let r = await retention(user);
    expect(r.days.at(-1)).toMatchObject({ youngPassed: 1, youngFailed: 1 });
    expect((await api().call('POST', `/api/study/reviews/${undone}/undo`, user)).status).toBe(200);
    expect((await api().call('POST', `/api/study/reviews/${failed}/override`, user)).status).toBe(
      200,
    );
    r = await retention(user);
    expect(r.days.at(-1)).toMatchObject({ youngPassed: 1, youngFailed: 0 });
    res = await activity(user);
    expect(res.days.at(-1)).toEqual({ date: '2026-06-14', reviews: 1, timeMs: 1200 });
    // The combo runs across days: 3 from May, the failure counted right makes it 4; the undone
    // answer's 5 is gone.
    expect(res.bestCombos).toEqual([
      { date: '2026-06-14', combo: 4 },
      { date: '2026-05-05', combo: 3 },
    ]);

    // Undoing the day's only answer leaves no day.
    const again = await answerId(user, c, 'the house');
    expect((await activity(user)).days.at(-1)?.reviews).toBe(2);
    expect((await api().call('POST', `/api/study/reviews/${again}/undo`, user)).status).toBe(200);
    expect((await activity(user)).days.at(-1)?.reviews).toBe(1);
  });

  it('counts the learner’s own cards per category: new, learning and known', async () => {
    clock = Date.UTC(2026, 6, 1, 12, 0);
    const user = await createUser(t);
    const other = await createUser(t);
    const verbs = String(
      (await api().must('POST', '/api/categories', user, { name: 'Verbs' }))['id'],
    );
    const cards = [];
    for (let i = 0; i < 3; i += 1) cards.push(await newCard(user, { categoryId: verbs }));
    await newCard(user);
    await newCard(other);
    await answer(user, cards[0] ?? '', 'the house');
    await answer(user, cards[1] ?? '', 'the house');
    await db()
      .updateTable('progress')
      .set({ period: 30 })
      .where('user_id', '=', user.id)
      .where('card_id', '=', cards[1] ?? '')
      .execute();
    expect(await categories(user)).toEqual({
      categories: [
        { categoryId: verbs, name: 'Verbs', new: 1, learning: 1, known: 1 },
        { categoryId: null, name: null, new: 1, learning: 0, known: 0 },
      ],
      more: 0,
    });

    // Answers move the counts (read from the log since they were counted), undo moves them back.
    const third = await answerId(user, cards[2] ?? '', 'the house');
    const verbsRow = async () =>
      (await categories(user)).categories.find((row) => row.categoryId === verbs);
    expect(await verbsRow()).toMatchObject({ new: 0, learning: 2, known: 1 });
    expect((await api().call('POST', `/api/study/reviews/${third}/undo`, user)).status).toBe(200);
    expect(await verbsRow()).toMatchObject({ new: 1, learning: 1, known: 1 });

    // An edit of a card's texts changes no count and counts nothing again (migration 0029):
    // stored counts made wrong on purpose stay as they are.
    const moves = async () =>
      Number(
        (
          await db()
            .selectFrom('stats_card_moves')
            .select('moves')
            .where('user_id', '=', user.id)
            .executeTakeFirst()
        )?.moves ?? 0,
      );
    await db()
      .updateTable('stats_categories')
      .set({ known: 7 })
      .where('user_id', '=', user.id)
      .where('category_key', '=', verbs)
      .execute();
    await advance(1000, user);
    await api().must('PATCH', `/api/cards/${cards[1] ?? ''}`, user, { notes: 'an example' });
    expect(await moves()).toBe(0);
    expect(await verbsRow()).toMatchObject({ new: 1, learning: 1, known: 7 });

    // A card moved, or its category deleted: every card is counted again.
    await advance(1000, user);
    await api().must('PATCH', `/api/cards/${cards[0] ?? ''}`, user, { categoryId: null });
    expect(await moves()).toBe(1);
    expect(await categories(user)).toEqual({
      categories: [
        { categoryId: verbs, name: 'Verbs', new: 1, learning: 0, known: 1 },
        { categoryId: null, name: null, new: 1, learning: 1, known: 0 },
      ],
      more: 0,
    });
    await db()
      .updateTable('categories')
      .set({ name: 'Verbs and more' })
      .where('id', '=', verbs)
      .execute();
    expect((await verbsRow())?.name).toBe('Verbs and more');
  });
});
