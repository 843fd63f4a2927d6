import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyQueueSchema, studySettingsSchema } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

const HOUR = 3_600_000;

/**
 * The learner's daily limits (issue 16, item 3; decision 0025): new cards and reviews per day,
 * counted across all their categories from the start of their day, at their hour in their zone.
 */
describe('study: daily limits and the learner’s day', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, newCard, answer, logOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  /** Sets the clock and signs the user in again (access tokens live 15 minutes). */
  const at = async (ms: number, user: TestUser) => {
    clock = ms;
    Object.assign(user, await signIn(t, user.username, user.password));
  };
  const settings = (user: TestUser, body: Record<string, unknown>) =>
    api().call('POST', '/api/study/settings', user, body);
  const queue = async (user: TestUser, query = '') => {
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return studyQueueSchema.parse(res.payload);
  };
  const category = async (user: TestUser, name: string) =>
    String((await api().must('POST', '/api/categories', user, { name }))['id']);

  it('reads the defaults, edits any subset, and refuses bad input naming the field', async () => {
    const user = await createUser(t);
    const fresh = await api().call('GET', '/api/study/settings', user);
    expect(studySettingsSchema.parse(fresh.payload)).toEqual({
      newCardsPerDay: 20,
      reviewsPerDay: 200,
      dayStartHour: 4,
      timeZone: 'UTC',
      timeZoneSet: false,
    });
    const edited = await settings(user, { timeZone: 'Pacific/Auckland', newCardsPerDay: 0 });
    expect(edited.status).toBe(200);
    expect(edited.payload).toMatchObject({
      newCardsPerDay: 0,
      reviewsPerDay: 200,
      timeZone: 'Pacific/Auckland',
      timeZoneSet: true,
    });
    const bad: [Record<string, unknown>, string][] = [
      [{ newCardsPerDay: -1 }, 'newCardsPerDay'],
      [{ newCardsPerDay: 1.5 }, 'newCardsPerDay'],
      [{ newCardsPerDay: 1001 }, 'newCardsPerDay'],
      [{ newCardsPerDay: '5' }, 'newCardsPerDay'],
      [{ reviewsPerDay: 10_001 }, 'reviewsPerDay'],
      [{ reviewsPerDay: null }, 'reviewsPerDay'],
      [{ dayStartHour: 24 }, 'dayStartHour'],
      [{ dayStartHour: -1 }, 'dayStartHour'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ timeZone: 'x'.repeat(65) }, 'timeZone'],
      [{ timeZone: 7 }, 'timeZone'],
      [{ theme: 'dark' }, 'theme'],
    ];
    for (const [body, field] of bad) {
      const res = await settings(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    }
    // Nothing refused was kept.
    expect((await api().call('GET', '/api/study/settings', user)).payload).toMatchObject({
      newCardsPerDay: 0,
      dayStartHour: 4,
      timeZone: 'Pacific/Auckland',
    });
  });

  for (const [timeZone, utcOffsetHours] of [
    ['Pacific/Auckland', 13],
    ['America/Los_Angeles', -8],
  ] as const) {
    it(`counts answers at 03:59 and 04:01 in ${timeZone} on different days (day starts 4 a.m.)`, async () => {
      const user = await createUser(t);
      await at(Date.UTC(2026, 0, 5, 12), user);
      expect((await settings(user, { timeZone, dayStartHour: 4, newCardsPerDay: 1 })).status).toBe(
        200,
      );
      const cards = [await newCard(user), await newCard(user), await newCard(user)];
      // 03:59 local on 10 January (January: NZDT is UTC+13, PST is UTC−8).
      const local = (hour: number, minute: number) =>
        Date.UTC(2026, 0, 10, hour, minute) - utcOffsetHours * HOUR;
      await at(local(3, 59), user);
      const before = await queue(user);
      expect(before.newCount).toBe(1);
      await answer(user, before.items[0]?.cardId ?? '', 'the house');
      // Still 03:59's day: its one new card is taken.
      await at(local(4, 0) - 30_000, user);
      expect((await queue(user)).newCount).toBe(0);
      // 04:01: a new day, a new card again; the answer of 03:59 is yesterday's.
      await at(local(4, 1), user);
      const next = await queue(user);
      expect(next.newCount).toBe(1);
      expect(next.today).toMatchObject({
        dayStartedAt: new Date(local(4, 0)).toISOString(),
        nextDayAt: new Date(local(4, 0) + DAY_MS).toISOString(),
        newStudied: 0,
        newCardsPerDay: 1,
      });
      // The dashboard's day is the same: the learner's date, its new cards from the same count.
      expect((await api().call('GET', '/api/study/summary', user)).payload).toMatchObject({
        today: '2026-01-10',
        newToday: 1,
      });
      await answer(user, next.items[0]?.cardId ?? '', 'the house');
      await at(local(4, 2), user);
      const done = await queue(user);
      expect(done.items).toEqual([]);
      expect(done.today?.newStudied).toBe(1);
      // The third card waits for tomorrow's day start; no studied card is due before it.
      expect(done.today?.nextDueAt).toBe(new Date(local(4, 0) + DAY_MS).toISOString());
      expect(cards).toHaveLength(3);
    });
  }

  it('counts new cards across every category against one limit', async () => {
    const user = await createUser(t);
    await at(Date.UTC(2026, 1, 1, 12), user);
    await settings(user, { newCardsPerDay: 3, timeZone: 'UTC' });
    const ids = [await category(user, 'A'), await category(user, 'B'), await category(user, 'C')];
    for (const categoryId of ids) {
      await newCard(user, { categoryId });
      await newCard(user, { categoryId });
    }
    const all = await queue(user);
    expect(all.newCount).toBe(3);
    expect(all.items).toHaveLength(3);
    // Two answered in A, one in B: nothing new is left anywhere, in C either.
    for (const item of all.items) await answer(user, item.cardId, 'the house');
    const after = await queue(user);
    expect(after).toMatchObject({ items: [], newCount: 0 });
    for (const categoryId of ids) {
      const one = await queue(user, `?categoryId=${categoryId}`);
      expect(one.newCount, categoryId).toBe(0);
      expect(one.items).toEqual([]);
    }
    // The summary counts from the same day and limit.
    const summary = await api().call('GET', '/api/study/summary', user);
    expect(summary.payload).toMatchObject({ newToday: 0, dueNow: 0 });
  });

  it('stops offering reviews at the reviews-per-day limit, and says when the next comes', async () => {
    const user = await createUser(t);
    await at(Date.UTC(2026, 2, 1, 12), user);
    await settings(user, { reviewsPerDay: 2, newCardsPerDay: 4, dayStartHour: 0 });
    for (let i = 0; i < 4; i += 1) await newCard(user);
    for (const item of (await queue(user)).items) await answer(user, item.cardId, 'the house');
    await at(Date.UTC(2026, 2, 20, 12), user);
    const due = await queue(user);
    expect(due.dueCount).toBe(2);
    expect(due.items.map((item) => item.kind)).toEqual(['due', 'due']);
    for (const item of due.items) await answer(user, item.cardId, 'the house');
    const done = await queue(user);
    expect(done).toMatchObject({ items: [], dueCount: 0 });
    expect(done.today).toMatchObject({ reviewsDone: 2, reviewsPerDay: 2 });
    // Two cards are due but held back: the next card comes at the next day start (UTC midnight).
    expect(done.today?.nextDueAt).toBe(new Date(Date.UTC(2026, 2, 21)).toISOString());
    const summary = await api().call('GET', '/api/study/summary', user);
    expect(summary.payload).toMatchObject({ dueNow: 0, newToday: 0 });
  });

  it('studies ahead: the soonest-due cards not due yet, each answer counted as a review', async () => {
    const user = await createUser(t);
    await at(Date.UTC(2026, 3, 1, 12), user);
    await settings(user, { timeZone: 'UTC' });
    const first = await newCard(user);
    const second = await newCard(user);
    await answer(user, first, 'the house');
    clock += 60_000;
    await answer(user, second, 'the house');
    const empty = await queue(user);
    expect(empty.items).toEqual([]);
    const soonest = await db()
      .selectFrom('progress')
      .select('due_at')
      .where('user_id', '=', user.id)
      .orderBy('due_at')
      .executeTakeFirstOrThrow();
    expect(empty.today?.nextDueAt).toBe(new Date(Number(soonest.due_at)).toISOString());
    const ahead = await queue(user, '?mode=ahead');
    expect(ahead.items.map((item) => [item.cardId, item.kind])).toEqual([
      [first, 'due'],
      [second, 'due'],
    ]);
    clock += 1000;
    await answer(user, first, 'the house');
    const after = await queue(user, '?mode=ahead');
    expect(after.today?.reviewsDone).toBe(1);
    expect(after.today?.newStudied).toBe(2);
    expect(after.items[0]?.cardId).toBe(second);
  });

  it('practises without writing: the queue of practise changes no schedule and no log', async () => {
    const user = await createUser(t);
    await at(Date.UTC(2026, 4, 1, 12), user);
    const studied = await newCard(user);
    const fresh = await newCard(user);
    await answer(user, studied, 'the house');
    const progress = () =>
      db().selectFrom('progress').selectAll().where('user_id', '=', user.id).execute();
    const [progressBefore, logBefore] = [await progress(), await logOf(user.id)];
    const practise = await queue(user, '?mode=practise');
    expect(practise.items.map((item) => [item.cardId, item.kind])).toEqual([
      [studied, 'due'],
      [fresh, 'new'],
    ]);
    expect(practise.items[1]?.answers).toEqual(['the house']);
    expect(await progress()).toEqual(progressBefore);
    expect(await logOf(user.id)).toEqual(logBefore);
    // The normal queue is as before: the fresh card is still new.
    expect((await queue(user)).items.map((item) => item.cardId)).toEqual([fresh]);
  });

  it('refuses an unknown mode, naming it', async () => {
    const user = await createUser(t);
    const res = await api().call('GET', '/api/study/queue?mode=cram', user);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain('mode');
  });
});
