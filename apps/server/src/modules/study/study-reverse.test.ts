import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardScheduleSchema,
  cardSchema,
  reviewResultSchema,
  studyQueueSchema,
  undoResultSchema,
} from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { uniqueLabel } from '../categories/sharing.test-support';
import { studyCalls } from './study.test-support';

/**
 * The reverse direction (issue 16, item 5; docs/decisions/0027-reverse-direction.md): a card asked
 * both ways is two items with two schedules; the other direction of a card answered in the
 * learner's day waits for the next day; a reverse answer is the front, scored in its language.
 */
describe('study: the reverse direction', () => {
  let t: TestApp;
  // Noon UTC: the learner's day (4 a.m. UTC by default) started 8 hours ago.
  let clock = Date.UTC(2026, 2, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  const later = async (ms: number, user: TestUser) => {
    clock += ms;
    Object.assign(user, await signIn(t, user.username, user.password));
  };
  const queue = async (user: TestUser, query = '') => {
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return studyQueueSchema.parse(res.payload);
  };
  const items = async (user: TestUser, query = '') =>
    (await queue(user, query)).items.map((item) => `${item.front}:${item.direction}:${item.kind}`);
  const newCategory = async (user: TestUser, body: Record<string, unknown> = {}) =>
    String(
      (await api().must('POST', '/api/categories', user, { name: uniqueLabel('Cat'), ...body }))[
        'id'
      ],
    );
  const newCard = async (user: TestUser, body: Record<string, unknown>) =>
    cardSchema.parse(
      await api().must('POST', '/api/cards', user, {
        answers: ['the house'],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        ...body,
      }),
    );
  const review = (
    user: TestUser,
    cardId: string,
    guess: string,
    direction?: 'forward' | 'reverse',
    clientReviewId: string = randomUUID(),
  ) =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId,
      elapsedMs: 2000,
      ...(direction ? { direction } : {}),
    });
  const answered = async (...args: Parameters<typeof review>) => {
    const res = await review(...args);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return reviewResultSchema.parse(res.payload);
  };
  /** Puts a schedule's due time where a test needs it. */
  const dueAt = (userId: string, cardId: string, direction: string, at: number) =>
    db()
      .updateTable('progress')
      .set({ due_at: at })
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .where('direction', '=', direction as 'forward')
      .execute();

  it('asks a card the reverse way as its own choice or its category’s default says', async () => {
    const user = await createUser(t);
    const both = await newCategory(user, { reverseDefault: true });
    const sub = await newCategory(user, { parentId: both });
    const plain = await newCategory(user);
    const tree = await api().must('GET', `/api/categories/${sub}`, user);
    // A sub-category takes its parent's default.
    expect((tree['category'] as { reverseDefault: boolean }).reverseDefault).toBe(true);

    const inherits = await newCard(user, { front: 'la casa', categoryId: both });
    expect([inherits.reverse, inherits.asksReverse]).toEqual(['inherit', true]);
    const off = await newCard(user, { front: 'el perro', categoryId: both, reverse: 'off' });
    expect([off.reverse, off.asksReverse]).toEqual(['off', false]);
    const loose = await newCard(user, { front: 'el gato' });
    expect([loose.reverse, loose.asksReverse]).toEqual(['inherit', false]);
    const on = await newCard(user, { front: 'el sol', categoryId: plain, reverse: 'on' });
    expect(on.asksReverse).toBe(true);

    // The category's default reaches its cards at once; a card's own choice wins over it.
    await api().must('PATCH', `/api/categories/${both}`, user, { reverseDefault: false });
    const after = cardSchema.parse(await api().must('GET', `/api/cards/${inherits.id}`, user));
    expect(after.asksReverse).toBe(false);
    const edited = cardSchema.parse(
      await api().must('PATCH', `/api/cards/${loose.id}`, user, { reverse: 'on' }),
    );
    expect([edited.reverse, edited.asksReverse, edited.version]).toEqual(['on', true, 2]);

    for (const body of [{ reverse: 'sometimes' }, { reverse: true }, { reverse: null }]) {
      const res = await api().call('PATCH', `/api/cards/${loose.id}`, user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain('reverse');
    }
    const bad = await api().call('PATCH', `/api/categories/${both}`, user, {
      reverseDefault: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.payload.issues?.map((issue) => issue.path)).toContain('reverseDefault');
  });

  it('offers each direction as its own item with its own schedule, one of a card a day', async () => {
    const user = await createUser(t);
    const cat = await newCategory(user, { reverseDefault: true });
    const casa = await newCard(user, { front: 'la casa', categoryId: cat });
    await later(1000, user);
    const perro = await newCard(user, { front: 'el perro', answers: ['the dog'] });

    // Day 1: both cards new forward; the reverse way starts once the forward one has begun.
    expect(await items(user)).toEqual(['la casa:forward:new', 'el perro:forward:new']);
    expect((await queue(user)).newCount).toBe(2);
    const first = await answered(user, casa.id, 'the house');
    expect(first.direction).toBe('forward');
    expect(await items(user)).toEqual(['el perro:forward:new']);

    // Day 2: the forward schedule is not due yet, so the reverse one is offered, new.
    await dueAt(user.id, casa.id, 'forward', clock + 10 * DAY_MS);
    await later(DAY_MS, user);
    const day2 = await queue(user);
    expect(day2.items.map((item) => `${item.front}:${item.direction}:${item.kind}`)).toEqual([
      'la casa:reverse:new',
      'el perro:forward:new',
    ]);
    const reverseItem = day2.items[0];
    expect(reverseItem?.answers).toEqual(['the house']);
    // Typing the term from the translation: scored against the front, in Spanish (articles).
    const reverse = await answered(user, casa.id, 'casa', 'reverse');
    expect(reverse).toMatchObject({
      direction: 'reverse',
      expected: 'la casa',
      answers: ['la casa'],
      success: true,
    });
    expect(reverse.score).toBeGreaterThan(0.85);
    expect(reverse.score).toBeLessThan(1);
    const rows = await db()
      .selectFrom('progress')
      .select(['direction', 'reps', 'due_at'])
      .where('user_id', '=', user.id)
      .where('card_id', '=', casa.id)
      .orderBy('direction')
      .execute();
    expect(rows.map((row) => [row.direction, row.reps])).toEqual([
      ['forward', 1],
      ['reverse', 1],
    ]);
    expect(Number(rows[0]?.due_at)).not.toBe(Number(rows[1]?.due_at));
    const log = await db()
      .selectFrom('review_log')
      .select(['card_id', 'direction', 'guess'])
      .where('user_id', '=', user.id)
      .orderBy('seq')
      .execute();
    expect(log).toEqual([
      { card_id: casa.id, direction: 'forward', guess: 'the house' },
      { card_id: casa.id, direction: 'reverse', guess: 'casa' },
    ]);

    // Both due the same day: the forward one answered, the reverse one waits for tomorrow.
    await dueAt(user.id, casa.id, 'forward', clock + DAY_MS + 1000);
    await dueAt(user.id, casa.id, 'reverse', clock + DAY_MS + 1000);
    await later(DAY_MS + 2000, user);
    const day3 = await queue(user);
    expect(day3.items.filter((item) => item.cardId === casa.id)).toHaveLength(1);
    expect(day3.items[0]).toMatchObject({ cardId: casa.id, direction: 'forward', kind: 'due' });
    // Two due schedules of one card, neither answered today: one item to study today.
    expect(day3.dueCount).toBe(1);
    const forwardId = randomUUID();
    await answered(user, casa.id, 'the house', 'forward', forwardId);
    const buried = await queue(user);
    expect(buried.items.map((item) => item.cardId)).not.toContain(casa.id);
    expect(buried.dueCount).toBe(0);
    // Study ahead offers the forward one only (not due yet); practice (which writes nothing) both.
    expect(
      (await queue(user, '?mode=ahead')).items
        .filter((item) => item.cardId === casa.id)
        .map((item) => item.direction),
    ).toEqual(['forward']);
    expect(
      (await queue(user, '?mode=practise')).items
        .filter((item) => item.cardId === casa.id)
        .map((item) => item.direction)
        .sort(),
    ).toEqual(['forward', 'reverse']);

    // Undone, the forward answer no longer buries the reverse one.
    const undo = await api().call('POST', `/api/study/reviews/${forwardId}/undo`, user, undefined);
    expect(undo.status).toBe(200);
    expect(undoResultSchema.parse(undo.payload).direction).toBe('forward');
    const again = await queue(user);
    expect(again.items.filter((item) => item.cardId === casa.id)).toHaveLength(1);
    expect(again.dueCount).toBe(1);
    // The reverse one answered instead buries the forward one for the rest of the day.
    await answered(user, casa.id, 'la casa', 'reverse');
    expect((await queue(user)).items.map((item) => item.cardId)).not.toContain(casa.id);

    // The card page: each direction's schedule, and the history says which way each answer went.
    const schedule = cardScheduleSchema.parse(
      await api().must('GET', `/api/cards/${casa.id}/schedule`, user),
    );
    expect(schedule.directions.map((d) => [d.direction, d.asked, d.status])).toEqual([
      ['forward', true, 'studied'],
      ['reverse', true, 'studied'],
    ]);
    expect(schedule.progress).toEqual(schedule.directions[0]?.progress);
    expect(schedule.history.map((entry) => `${entry.direction}:${entry.kind}`)).toEqual([
      'reverse:review',
      'forward:undo',
      'forward:review',
      'reverse:review',
      'forward:review',
    ]);
    const plain = cardScheduleSchema.parse(
      await api().must('GET', `/api/cards/${perro.id}/schedule`, user),
    );
    expect(plain.directions.map((d) => d.direction)).toEqual(['forward']);
  });

  it('counts directions as items against the daily new and review limits', async () => {
    const user = await createUser(t);
    await api().must('POST', '/api/study/settings', user, { newCardsPerDay: 2 });
    const a = await newCard(user, { front: 'el sol', answers: ['the sun'], reverse: 'on' });
    await later(1000, user);
    const b = await newCard(user, { front: 'la luna', answers: ['the moon'], reverse: 'on' });
    await later(1000, user);
    await newCard(user, { front: 'el mar', answers: ['the sea'], reverse: 'on' });
    await answered(user, a.id, 'the sun');
    await answered(user, b.id, 'the moon');
    // Two new items today: the limit is reached.
    const day1 = await queue(user);
    expect([day1.items.length, day1.newCount, day1.today?.newStudied]).toEqual([0, 0, 2]);

    // Next day: two reverse items and a forward one are new; two are allowed, oldest card first.
    for (const card of [a, b]) await dueAt(user.id, card.id, 'forward', clock + 30 * DAY_MS);
    await later(DAY_MS, user);
    expect(await items(user)).toEqual(['el sol:reverse:new', 'la luna:reverse:new']);
    expect((await queue(user)).newCount).toBe(2);
    await answered(user, a.id, 'el sol', 'reverse');
    const left = await queue(user);
    expect(left.items.map((item) => `${item.front}:${item.direction}`)).toEqual([
      'la luna:reverse',
    ]);
    expect(left.today?.newStudied).toBe(1);

    // Reviews: two due items of different cards, one review left today.
    await api().must('POST', '/api/study/settings', user, { reviewsPerDay: 1, newCardsPerDay: 0 });
    await dueAt(user.id, a.id, 'reverse', clock - 1000);
    await dueAt(user.id, b.id, 'forward', clock - 1000);
    await later(DAY_MS, user);
    const reviews = await queue(user);
    expect(reviews.items).toHaveLength(1);
    expect(reviews.dueCount).toBe(1);
    await answered(user, reviews.items[0]?.cardId ?? '', 'x', reviews.items[0]?.direction);
    const done = await queue(user);
    expect([done.items.length, done.dueCount, done.today?.reviewsDone]).toEqual([0, 0, 1]);
  });

  it('refuses a reverse answer of a card not asked that way, and keeps resubmissions exact', async () => {
    const user = await createUser(t);
    const card = await newCard(user, { front: 'el árbol', answers: ['the tree'] });
    const refused = await review(user, card.id, 'el árbol', 'reverse');
    expect(refused.status).toBe(409);
    expect(refused.payload.issues?.map((issue) => issue.path)).toEqual(['direction']);
    const bad = await review(user, card.id, 'x', 'sideways' as 'reverse');
    expect(bad.status).toBe(400);
    expect(bad.payload.issues?.map((issue) => issue.path)).toContain('direction');

    await api().must('PATCH', `/api/cards/${card.id}`, user, { reverse: 'on' });
    const id = randomUUID();
    const first = await answered(user, card.id, 'the tree');
    expect(first.direction).toBe('forward');
    const wrong = await answered(user, card.id, 'the orange', 'reverse', id);
    expect([wrong.success, wrong.expected]).toEqual([false, 'el árbol']);
    // The same clientReviewId again answers the same; in the other direction it is refused.
    expect(await answered(user, card.id, 'the orange', 'reverse', id)).toEqual(wrong);
    const clash = await review(user, card.id, 'the orange', 'forward', id);
    expect(clash.status).toBe(409);

    // "I was right" acts on the reverse schedule only; the forward one is left as it was.
    const forwardBefore = await db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('card_id', '=', card.id)
      .where('direction', '=', 'forward')
      .executeTakeFirstOrThrow();
    const override = await api().call('POST', `/api/study/reviews/${id}/override`, user, undefined);
    expect(override.status, JSON.stringify(override.payload)).toBe(200);
    expect(reviewResultSchema.parse(override.payload)).toMatchObject({
      direction: 'reverse',
      kind: 'override',
      success: true,
    });
    const progress = await db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('card_id', '=', card.id)
      .orderBy('direction')
      .execute();
    expect(progress[0]).toEqual(forwardBefore);
    expect(progress[1]?.reps).toBe(1);
    // Undone, the reverse schedule goes (it was new); the forward one stays.
    const undo = await api().call('POST', `/api/study/reviews/${id}/undo`, user, undefined);
    expect(undo.status).toBe(200);
    expect(undoResultSchema.parse(undo.payload)).toMatchObject({
      direction: 'reverse',
      progress: null,
    });
    const remaining = await db()
      .selectFrom('progress')
      .select('direction')
      .where('user_id', '=', user.id)
      .where('card_id', '=', card.id)
      .execute();
    expect(remaining).toEqual([{ direction: 'forward' }]);

    // Turned off after a reverse answer: the schedule stays, out of the queue, until turned on.
    await answered(user, card.id, 'el árbol', 'reverse');
    await api().must('PATCH', `/api/cards/${card.id}`, user, { reverse: 'off' });
    await dueAt(user.id, card.id, 'reverse', clock - 1000);
    await dueAt(user.id, card.id, 'forward', clock + 30 * DAY_MS);
    await later(DAY_MS, user);
    const off = await queue(user);
    expect([off.items.length, off.dueCount]).toEqual([0, 0]);
    const schedule = cardScheduleSchema.parse(
      await api().must('GET', `/api/cards/${card.id}/schedule`, user),
    );
    expect(schedule.directions.map((d) => [d.direction, d.asked, d.status])).toEqual([
      ['forward', true, 'studied'],
      ['reverse', false, 'studied'],
    ]);
    await api().must('PATCH', `/api/cards/${card.id}`, user, { reverse: 'on' });
    expect(await items(user)).toEqual(['el árbol:reverse:due']);
  });

  it('gives a member the reverse way of a shared card as its owner set it, on their own schedule', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const cat = await newCategory(owner, { reverseDefault: true, visibility: 'shared' });
    const card = await newCard(owner, {
      front: 'la mesa',
      answers: ['the table'],
      categoryId: cat,
    });
    const invitation = await api().must('POST', `/api/categories/${cat}/members`, owner, {
      username: member.username,
      role: 'viewer',
    });
    await api().must('POST', `/api/invitations/${String(invitation['id'])}/accept`, member);
    await answered(member, card.id, 'the table');
    await dueAt(member.id, card.id, 'forward', clock + 30 * DAY_MS);
    await later(DAY_MS, member);
    expect(await items(member)).toEqual(['la mesa:reverse:new']);
    await answered(member, card.id, 'mesa', 'reverse');
    const own = await db()
      .selectFrom('progress')
      .select(['user_id', 'direction', 'foreign_card'])
      .where('card_id', '=', card.id)
      .orderBy('user_id')
      .orderBy('direction')
      .execute();
    expect(own).toEqual([
      { user_id: member.id, direction: 'forward', foreign_card: 1 },
      { user_id: member.id, direction: 'reverse', foreign_card: 1 },
    ]);
    // The owner's own queue is untouched by the member's answers.
    await later(0, owner);
    expect(await items(owner)).toEqual(['la mesa:forward:new']);
  });
});
