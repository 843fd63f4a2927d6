import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGradeSettings, reviewResultSchema } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/**
 * The writer on version 2 (issue 17; decision 0030): every answer graded (missed, close, exact,
 * exact and quick), the card's difficulty stored, an override that sets a grade, and undo.
 */
describe('study: grades and version 2 on the server', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 2, 10);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });
  const { api, db, newCard, progressOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  const answer = async (user: TestUser, cardId: string, guess: string, elapsedMs = 4000) => {
    const clientReviewId = randomUUID();
    const res = await api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId,
      elapsedMs,
    });
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return { clientReviewId, result: reviewResultSchema.parse(res.payload) };
  };
  const override = (user: TestUser, id: string, body?: unknown) =>
    api().call('POST', `/api/study/reviews/${id}/override`, user, body);

  it('grades each first answer and starts the card at its grade’s height', async () => {
    const user = await createUser(t);
    const cases = [
      ['the elephant', 3, defaultGradeSettings.initialElevationExact, 0],
      ['the elephnt', 2, defaultGradeSettings.initialElevationClose, 0],
      [
        'a cat',
        1,
        defaultGradeSettings.initialElevationMissed,
        defaultGradeSettings.firstMissDifficulty,
      ],
    ] as const;
    for (const [guess, grade, elevation, difficulty] of cases) {
      const cardId = await newCard(user, { answers: ['the elephant'] });
      const { result } = await answer(user, cardId, guess);
      expect(result.grade, JSON.stringify(result)).toBe(grade);
      expect(result.period).toBeGreaterThanOrEqual(1);
      const row = await progressOf(user.id, cardId);
      expect(row).toMatchObject({ elevation, difficulty, lapses: 0 });
      expect(result.dueAt).toBe(new Date(clock + result.period * DAY_MS).toISOString());
    }
  });

  it('an override sets the grade chosen, from the state before the review; undo puts it back', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user, { answers: ['the elephant'] });
    const { clientReviewId, result } = await answer(user, cardId, 'the elephnt');
    expect(result.grade).toBe(2);
    const exact = await override(user, clientReviewId, { grade: 3 });
    expect(exact.status, JSON.stringify(exact.payload)).toBe(200);
    const overridden = reviewResultSchema.parse(exact.payload);
    expect(overridden).toMatchObject({ kind: 'override', grade: 3, success: true });
    // Exact starts higher than close: the card comes back later.
    expect(Date.parse(overridden.dueAt)).toBeGreaterThan(Date.parse(result.dueAt));
    expect(await progressOf(user.id, cardId)).toMatchObject({
      elevation: defaultGradeSettings.initialElevationExact,
    });
    const log = await db()
      .selectFrom('review_log')
      .select(['kind', 'grade', 'success'])
      .where('user_id', '=', user.id)
      .orderBy('seq')
      .execute();
    expect(log).toEqual([
      { kind: 'review', grade: 2, success: 1 },
      { kind: 'override', grade: 3, success: 1 },
    ]);
    // Once overridden, an override sent again answers the first one's result (one override per
    // review); the undo takes the review back whole.
    expect((await override(user, clientReviewId, { grade: 4 })).payload).toEqual(overridden);
    const undo = await api().call('POST', `/api/study/reviews/${clientReviewId}/undo`, user);
    expect(undo.status).toBe(200);
    expect(await progressOf(user.id, cardId)).toBeUndefined();
  });

  it('an override to missed fails a success; the old body still means "I was right"', async () => {
    const user = await createUser(t);
    const first = await newCard(user);
    const right = await answer(user, first, 'the house');
    const missed = await override(user, right.clientReviewId, { grade: 1 });
    expect(missed.status, JSON.stringify(missed.payload)).toBe(200);
    expect(missed.payload).toMatchObject({ grade: 1, success: false });
    expect(await progressOf(user.id, first)).toMatchObject({
      difficulty: defaultGradeSettings.firstMissDifficulty,
    });
    const second = await newCard(user);
    const wrong = await answer(user, second, 'a cat');
    const plain = await override(user, wrong.clientReviewId);
    expect(plain.status).toBe(200);
    expect(plain.payload).toMatchObject({ grade: 2, success: true });
    // A success without a grade, the same grade, or a grade out of 1–4: refused.
    const third = await newCard(user);
    const ok = await answer(user, third, 'the house');
    expect((await override(user, ok.clientReviewId)).status).toBe(409);
    expect((await override(user, ok.clientReviewId, { grade: 3 })).status).toBe(409);
    for (const grade of [0, 5, 2.5, '3']) {
      const res = await override(user, ok.clientReviewId, { grade });
      expect(res.status, JSON.stringify(grade)).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.map((issue) => issue.path)).toContain('grade');
    }
  });

  it('an exact answer within the learner’s quick threshold is quick, once 30 exact answers are timed', async () => {
    const user = await createUser(t);
    // 30 exact answers taking 3 to 6 seconds: the 20th percentile is under 3.6 s.
    for (let i = 0; i < 30; i += 1) {
      const cardId = await newCard(user, { front: `q ${i}` });
      const { result } = await answer(user, cardId, 'the house', 3000 + i * 100);
      expect(result.grade).toBe(3);
    }
    const fast = await newCard(user, { front: 'fast' });
    const quick = await answer(user, fast, 'the house', 1000);
    expect(quick.result.grade).toBe(4);
    expect(await progressOf(user.id, fast)).toMatchObject({
      elevation: defaultGradeSettings.initialElevationQuick,
    });
    const slow = await newCard(user, { front: 'slow' });
    expect((await answer(user, slow, 'the house', 9000)).result.grade).toBe(3);
  });
});
