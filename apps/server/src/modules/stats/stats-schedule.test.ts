import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardScheduleSchema } from '@glossa/contract';
import { DAY_MS, retrievability } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { sharedWorld } from '../categories/sharing.test-support';
import { studyCalls } from '../study/study.test-support';

/** A card's schedule for the caller: its progress, the predicted recall and its history. */
describe('card schedule', () => {
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
  const schedule = async (user: TestUser, cardId: string, query = '') => {
    const res = await api().call('GET', `/api/cards/${cardId}/schedule${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return cardScheduleSchema.parse(res.payload);
  };

  it('a never-studied card is new, with no recall and no history', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    expect(await schedule(user, cardId)).toEqual({
      cardId,
      status: 'new',
      progress: null,
      recall: null,
      directions: [
        { direction: 'forward', asked: true, status: 'new', progress: null, recall: null },
      ],
      history: [],
      historyTotal: 0,
    });
  });

  it('shows the schedule, the predicted recall and the history, newest first', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const first = await answer(user, cardId, 'the house');
    await advance(2 * DAY_MS, user);
    const second = await answer(user, cardId, 'la maison');
    clock += 60_000;
    expect((await api().call('POST', `/api/study/reviews/${second}/override`, user)).status).toBe(
      200,
    );
    await advance(DAY_MS, user);
    const third = await answer(user, cardId, 'the hose');
    clock += 60_000;
    expect((await api().call('POST', `/api/study/reviews/${third}/undo`, user)).status).toBe(200);
    await advance(DAY_MS, user);

    const res = await schedule(user, cardId);
    const row = await db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('card_id', '=', cardId)
      .executeTakeFirstOrThrow();
    expect(res.status).toBe('studied');
    expect(res.progress).toEqual({
      elevation: row.elevation,
      period: row.period,
      lapses: row.lapses,
      reps: 2,
      lastReviewAt: new Date(row.last_review_at ?? 0).toISOString(),
      dueAt: new Date(row.due_at ?? 0).toISOString(),
      suspended: false,
    });
    const days = (clock - (row.last_review_at ?? 0)) / DAY_MS;
    expect(res.recall).toBeCloseTo(retrievability(days, row.elevation), 10);
    expect(res.recall ?? 1).toBeLessThan(1);

    const log = await db()
      .selectFrom('review_log')
      .select(['id', 'client_review_id'])
      .where('user_id', '=', user.id)
      .orderBy('seq', 'desc')
      .execute();
    const byClient = new Map(log.map((r) => [r.client_review_id, r.id]));
    expect(res.historyTotal).toBe(5);
    expect(res.history.map((h) => [h.kind, h.guess, h.success, h.undone, h.overridden])).toEqual([
      ['undo', 'the hose', expect.any(Boolean), false, false],
      ['review', 'the hose', expect.any(Boolean), true, false],
      ['override', 'la maison', true, false, false],
      ['review', 'la maison', false, false, true],
      ['review', 'the house', true, false, false],
    ]);
    expect(res.history[0]?.targetId).toBe(byClient.get(third));
    expect(res.history[2]?.targetId).toBe(byClient.get(second));
    expect(res.history[4]).toMatchObject({
      id: byClient.get(first),
      targetId: null,
      score: 1,
      elapsedMs: 1200,
    });
    const times = res.history.map((h) => Date.parse(h.reviewedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const bounded = await schedule(user, cardId, '?historyLimit=2');
    expect(bounded.history.map((h) => h.kind)).toEqual(['undo', 'review']);
    expect(bounded.history[1]?.undone).toBe(true);
    expect(bounded.historyTotal).toBe(5);
  });

  it('lets the owner and members read their own schedule; others get 404', async () => {
    const world = await sharedWorld(t);
    const { owner, editor, viewer, stranger } = world.users;
    const admin = await createUser(t, { role: 'admin' });
    await answer(owner, world.cardId, 'the house');
    expect((await schedule(owner, world.cardId)).status).toBe('studied');
    // Members have their own schedule of the shared card: new until they study it.
    for (const member of [editor, viewer]) {
      expect(await schedule(member, world.cardId)).toMatchObject({ status: 'new', history: [] });
    }
    await answer(viewer, world.cardId, 'the house');
    const mine = await schedule(viewer, world.cardId);
    expect(mine.history).toHaveLength(1);
    expect((await schedule(owner, world.cardId)).history).toHaveLength(1);

    for (const [user, cardId] of [
      [stranger, world.cardId],
      [admin, world.cardId],
      [viewer, world.privateCardId],
      [editor, world.privateCardId],
      [owner, randomUUID()],
    ] as const) {
      const res = await api().call('GET', `/api/cards/${cardId}/schedule`, user);
      expect(res.status).toBe(404);
      expect(res.code).toBe('not_found');
    }
    await api().must('PATCH', `/api/categories/${world.categoryId}`, owner, {
      visibility: 'private',
    });
    const res = await api().call('GET', `/api/cards/${world.cardId}/schedule`, viewer);
    expect(res.status).toBe(404);
  });

  it('refuses a bad card id or history limit with 400 naming the field', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    for (const [url, field] of [
      [`/api/cards/${'x'.repeat(65)}/schedule`, 'id'],
      [`/api/cards/${cardId}/schedule?historyLimit=0`, 'historyLimit'],
      [`/api/cards/${cardId}/schedule?historyLimit=201`, 'historyLimit'],
      [`/api/cards/${cardId}/schedule?historyLimit=ten`, 'historyLimit'],
      [`/api/cards/${cardId}/schedule?order=asc`, 'order'],
    ] as const) {
      const res = await api().call('GET', url, user);
      expect(res.status, url).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    }
  });
});
