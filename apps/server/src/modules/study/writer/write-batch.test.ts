import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  defaultGradeSettings,
  defaultSchedulerSettings,
  reflowWindow,
  reviewV2,
  duplicateKey,
  sortKey,
} from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../../test/app';
import { createUser, type TestUser } from '../../../../test/factories';
import { insertCards } from '../../cards/cards.repository';
import { caller, cardBody, sharedWorld } from '../../categories/sharing.test-support';
import type { ReviewResult } from '@glossa/contract';
import { ReviewWriter } from './review-writer';
import type { StudyWrite } from './review-writer-messages';
import { oneBatch } from './write-batch.test-support';

/** Reviews through the group commit: shared transactions, isolation of failures, reflow by load. */
describe('review submissions in group commits', () => {
  let t: TestApp;
  // Midday, so a day's load never straddles two UTC days.
  const clock = Date.UTC(2026, 2, 3, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = () => caller(t);
  const db = () => t.app.deps.db;
  const newCard = async (user: TestUser) =>
    String(
      (await api().must('POST', '/api/cards', user, cardBody({ answers: ['the house'] })))['id'],
    );
  const reviewCall = (user: TestUser, cardId: string, guess: string, id = randomUUID()) =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId: id,
      elapsedMs: 900,
    });
  const logOf = (userId: string) =>
    db()
      .selectFrom('review_log')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute();
  const progressOf = (userId: string, cardId: string) =>
    db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();

  it('shares commits between concurrent reviews and answers each only once it is durable', async () => {
    const learners = [await createUser(t), await createUser(t)];
    const decks = await Promise.all(
      learners.map(async (user) => Promise.all(Array.from({ length: 6 }, () => newCard(user)))),
    );
    const before = t.app.deps.reviewWriter.stats();
    let answered = 0;
    const responses = await Promise.all(
      learners.flatMap((user, l) =>
        (decks[l] ?? []).map((cardId, i) =>
          reviewCall(user, cardId, i === 2 ? 'wrong' : 'the house').then((res) => {
            answered += 1;
            // Every answered request was counted by a commit that had already returned.
            expect(
              t.app.deps.reviewWriter.stats().requests - before.requests,
            ).toBeGreaterThanOrEqual(answered);
            return res;
          }),
        ),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(12).fill(200));
    const after = t.app.deps.reviewWriter.stats();
    expect(after.requests - before.requests).toBe(12);
    expect(after.commits - before.commits).toBeLessThan(12);
    for (const [l, user] of learners.entries()) {
      const log = await logOf(user.id);
      expect(log.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(new Set(log.map((row) => row.card_id))).toEqual(new Set(decks[l]));
      // Each answer carried the combo as it was after that very review, in the log's order.
      const combos = log.map(
        (row) => (JSON.parse(row.result) as { combo: { current: number } }).combo.current,
      );
      const expected: number[] = [];
      for (const row of log) expected.push(row.success ? (expected.at(-1) ?? 0) + 1 : 0);
      expect(combos).toEqual(expected);
      const combo = await api().must('GET', '/api/study/combo', user);
      expect(combo['current']).toBe(expected.at(-1));
    }
  });

  it('a refused review changes nothing and does not disturb the others of its commit', async () => {
    const world = await sharedWorld(t);
    const { owner, stranger } = world.users;
    const learner = await createUser(t);
    const [a, b, c] = [await newCard(learner), await newCard(learner), await newCard(learner)];
    const taken = randomUUID();
    await api().must('POST', '/api/study/reviews', learner, {
      cardId: a,
      guess: 'the house',
      clientReviewId: taken,
      elapsedMs: 1,
    });
    const repeated = randomUUID();
    const strangerCard = await newCard(stranger);
    const responses = await Promise.all([
      reviewCall(learner, b, 'the house', repeated),
      reviewCall(learner, strangerCard, 'the house'),
      reviewCall(learner, c, 'the house', taken),
      reviewCall(learner, world.privateCardId, 'the house'),
      reviewCall(learner, b, 'the house', repeated),
      reviewCall(learner, c, 'the house'),
      reviewCall(owner, world.cardId, 'the house'),
    ]);
    expect(responses.map((res) => res.status)).toEqual([200, 404, 409, 404, 200, 200, 200]);
    expect(responses[2]?.payload.issues?.map((issue) => issue.path)).toEqual(['clientReviewId']);
    // The same clientReviewId twice in one commit counts once and answers the same.
    expect(responses[4]?.payload).toEqual(responses[0]?.payload);
    // Concurrent requests reach the server in any order: b and c once each, after a.
    const log = await logOf(learner.id);
    expect(log[0]?.card_id).toBe(a);
    expect(log.map((row) => row.card_id).sort()).toEqual([a, b, c].sort());
    expect(await progressOf(learner.id, strangerCard)).toBeUndefined();
    expect(await progressOf(learner.id, world.privateCardId)).toBeUndefined();
    expect((await api().must('GET', '/api/study/combo', learner))['current']).toBe(3);
    expect(await logOf(owner.id)).toHaveLength(1);
    expect(await logOf(stranger.id)).toHaveLength(0);
  });

  it('a card studied for the first time leaves its owner’s new cards, and an undo brings it back', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const newIds = async () =>
      (
        (await api().must('GET', '/api/study/queue', user))['items'] as {
          cardId: string;
          kind: string;
        }[]
      )
        .filter((item) => item.kind === 'new')
        .map((item) => item.cardId);
    expect(await newIds()).toEqual([cardId]);
    const id = randomUUID();
    await api().must('POST', '/api/study/reviews', user, {
      cardId,
      guess: 'the house',
      clientReviewId: id,
      elapsedMs: 1,
    });
    expect(await newIds()).toEqual([]);
    await api().must('POST', `/api/study/reviews/${id}/undo`, user);
    expect(await newIds()).toEqual([cardId]);
  });

  /**
   * A learner with absolute reflow of ±7 days, two probe cards due now whose right answer plans
   * the same period, and five other cards due on each day of that window except `emptyDays`
   * (offsets from low, the window's first day).
   */
  const reflowWorld = async (emptyDays: (low: number, high: number) => number[]) => {
    const user = await createUser(t);
    await api().must('POST', '/api/user/edit', user, { isReflowAbsolute: true, reflowValue: 7 });
    const settings = {
      ...defaultSchedulerSettings,
      ...defaultGradeSettings,
      isReflowAbsolute: true,
      reflowValue: 7,
    };
    // Last seen 20 days ago with a 20-day period: a right answer plans about a month.
    const state = {
      elevation: Math.log2(20),
      period: 20,
      lapses: 0,
      difficulty: 0,
      reps: 4,
      lastReviewAt: clock - 20 * DAY_MS,
      dueAt: clock,
    };
    // Version 2, exact and not quick (the learner has no quick threshold yet).
    const planned = reviewV2(state, { grade: 3 }, settings, clock).period;
    const [low, high] = reflowWindow(planned, settings);
    expect(high - low).toBe(14);
    const empty = emptyDays(low, high);
    const loaded = Array.from({ length: 15 }, (_, i) => low + i).filter((d) => !empty.includes(d));
    const cards = Array.from({ length: 2 + 5 * loaded.length }, (_, i) => ({
      id: randomUUID(),
      owner_id: user.id,
      category_id: null,
      front: `card ${i}`,
      front_lower: `card ${i}`,
      front_key: duplicateKey(`card ${i}`, 'es'),
      front_sort: sortKey(`card ${i}`, 'es'),
      answers: JSON.stringify(['the house']),
      search_text: `card ${i}\nthe house`,
      notes: '',
      from_language_code: 'es',
      to_language_code: 'en',
      created_at: clock - 100 * DAY_MS,
      updated_at: clock - 100 * DAY_MS,
      owner_studied: 1,
    }));
    await insertCards(db(), cards);
    const today = Math.floor(clock / DAY_MS);
    const progress = (cardId: string, dueAt: number) => ({
      user_id: user.id,
      card_id: cardId,
      category_id: null,
      elevation: state.elevation,
      period: state.period,
      lapses: state.lapses,
      reps: state.reps,
      last_review_at: state.lastReviewAt,
      due_at: dueAt,
      suspended: 0,
      created_at: clock - 100 * DAY_MS,
    });
    const [probeA, probeB, ...others] = cards.map((card) => card.id);
    if (!probeA || !probeB) throw new Error('no probe cards');
    await db()
      .insertInto('progress')
      .values([
        progress(probeA, clock),
        progress(probeB, clock),
        ...others.map((cardId, i) =>
          progress(cardId, (today + (loaded[Math.floor(i / 5)] ?? 0)) * DAY_MS + 1000),
        ),
      ])
      .execute();
    /** Moves the five cards of one day to another. */
    const moveLoad = async (from: number, to: number) => {
      await db()
        .updateTable('progress')
        .set({ due_at: (today + to) * DAY_MS + 1000 })
        .where('user_id', '=', user.id)
        .where('due_at', '=', (today + from) * DAY_MS + 1000)
        .execute();
    };
    const answer = (cardId: string) =>
      api().must('POST', '/api/study/reviews', user, {
        cardId,
        guess: 'the house',
        clientReviewId: randomUUID(),
        elapsedMs: 1,
      });
    return { user, low, high, probeA, probeB, moveLoad, answer };
  };

  it('reflow puts the due date on the day of the window with the lightest load', async () => {
    const world = await reflowWorld((low) => [low + 2]);
    const first = await world.answer(world.probeA);
    expect(first['period']).toBe(world.low + 2);
    // Move the load: another day is empty now, and the next card goes there.
    const emptyLater = world.high - 1;
    await world.moveLoad(emptyLater, world.low + 2);
    const second = await world.answer(world.probeB);
    expect(second['period']).toBe(emptyLater);
    expect((await progressOf(world.user.id, world.probeB))?.due_at).toBe(
      clock + emptyLater * DAY_MS,
    );
  });

  it('two reviews at once count each other in the load: they take the two empty days', async () => {
    const world = await reflowWorld((low, high) => [low + 3, high - 2]);
    const [a, b] = await Promise.all([world.answer(world.probeA), world.answer(world.probeB)]);
    expect([a['period'], b['period']].sort()).toEqual([world.low + 3, world.high - 2].sort());
  });

  it('one commit updates a studied card’s schedule, inserts a new card’s, and a card answered twice keeps its last', async () => {
    const learner = await createUser(t);
    const studied = await newCard(learner);
    const fresh = await newCard(learner);
    expect((await reviewCall(learner, studied, 'the house')).status).toBe(200);
    const job = (cardId: string, guess: string): StudyWrite => ({
      kind: 'review',
      userId: learner.id,
      body: { cardId, guess, clientReviewId: randomUUID(), elapsedMs: 5 },
      now: clock,
      scored: null,
    });
    // In one batch whatever the timing: three writes posted to the writer's thread together may
    // still reach it in two turns of its event loop when the machine is busy.
    const [again, first, second] = (await oneBatch(t, [
      job(studied, 'the house'),
      job(fresh, 'the house'),
      job(fresh, 'wrong'),
    ])) as ReviewResult[];
    expect([again?.success, first?.success, second?.success]).toEqual([true, true, false]);
    for (const [cardId, result] of [
      [studied, again],
      [fresh, second],
    ] as const) {
      const row = await progressOf(learner.id, cardId);
      expect(row?.due_at).toBe(Date.parse(result?.dueAt ?? ''));
      expect(row?.period).toBe(result?.period);
      expect(row?.reps).toBe(2);
    }
    expect((await progressOf(learner.id, fresh))?.lapses).toBe(1);
    expect((await logOf(learner.id)).map((row) => [row.seq, row.card_id])).toEqual([
      [1, studied],
      [2, studied],
      [3, fresh],
      [4, fresh],
    ]);
  });

  it('applies the score a review was given while its card keeps those answers, else scores it again', async () => {
    const learner = await createUser(t);
    const cardId = await newCard(learner);
    const writer = new ReviewWriter({ database: t.config.database, lanes: 1, maxBatch: 50 });
    // A score the writer could not have made itself from this guess: only applied, not redone.
    const given = { score: 1, success: true, expected: 'the house', diff: [] };
    const job = (answers: string[]) => ({
      userId: learner.id,
      body: { cardId, guess: 'wrong', clientReviewId: randomUUID(), elapsedMs: 5 },
      now: clock,
      scored: { answers, language: 'en', scored: given },
    });
    const applied = await writer.submit(job(['the house']));
    expect(applied).toMatchObject({ score: 1, success: true, diff: [] });
    // Scored against answers the card no longer has: the writer scores the guess itself.
    const rescored = await writer.submit(job(['a house']));
    await writer.close();
    expect(rescored.success).toBe(false);
    expect(rescored.score).toBeLessThan(0.5);
    expect(rescored.diff.length).toBeGreaterThan(0);
  });

  it('a review writer closing answers the reviews it accepted, then refuses new ones', async () => {
    const learner = await createUser(t);
    const cards = await Promise.all(Array.from({ length: 8 }, () => newCard(learner)));
    const writer = new ReviewWriter({ database: t.config.database, lanes: 1, maxBatch: 50 });
    const job = (cardId: string) => ({
      userId: learner.id,
      body: { cardId, guess: 'the house', clientReviewId: randomUUID(), elapsedMs: 5 },
      now: clock,
      scored: null,
    });
    const accepted = cards.map((cardId) => writer.submit(job(cardId)));
    // Accepted before it closes: each is written and answered.
    await Promise.resolve();
    const closing = writer.close();
    const results = await Promise.all(accepted);
    await closing;
    expect(results.map((result) => result.success)).toEqual(Array(8).fill(true));
    expect(writer.stats().requests).toBe(8);
    expect((await logOf(learner.id)).map((row) => row.card_id).sort()).toEqual([...cards].sort());
    await expect(writer.submit(job(cards[0] ?? ''))).rejects.toThrow('closed');
  });
});
