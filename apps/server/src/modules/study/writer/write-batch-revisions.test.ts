import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../../test/app';
import { createUser, type TestUser } from '../../../../test/factories';
import type { ReviewResult, UndoResult } from '@glossa/contract';
import { studyCalls } from '../study.test-support';
import type { ReviewJob, StudyWrite } from './review-writer-messages';
import { oneBatch as runOneBatch } from './write-batch.test-support';

/**
 * Overrides and undos through the review writer, as reviews: in the same commits, each write
 * seeing those before it in its batch as if they had been written (docs/decisions/0012).
 */
describe('overrides and undos in group commits', () => {
  let t: TestApp;
  // Midday, so a day's load never straddles two UTC days.
  const clock = Date.UTC(2026, 2, 3, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, newCard, progressOf, logOf, queue } = studyCalls(
    () => t,
    () => undefined,
  );

  const oneBatch = (jobs: StudyWrite[]) => runOneBatch(t, jobs);
  const reviewJob = (
    user: TestUser,
    cardId: string,
    guess: string,
    now = clock,
  ): ReviewJob & { kind: 'review' } => ({
    kind: 'review',
    userId: user.id,
    body: { cardId, guess, clientReviewId: randomUUID(), elapsedMs: 5 },
    now,
    scored: null,
  });
  const comboOf = async (user: TestUser) => api().must('GET', '/api/study/combo', user);
  const isNew = async (user: TestUser, cardId: string) =>
    (await queue(user)).items.some((item) => item.cardId === cardId && item.kind === 'new');

  it('overrides and undos are written by the review writer, as reviews are', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const id = randomUUID();
    await api().must('POST', '/api/study/reviews', user, {
      cardId,
      guess: 'wrong',
      clientReviewId: id,
      elapsedMs: 5,
    });
    const before = t.app.deps.reviewWriter.stats();
    await api().must('POST', `/api/study/reviews/${id}/override`, user);
    await api().must('POST', `/api/study/reviews/${id}/undo`, user);
    const after = t.app.deps.reviewWriter.stats();
    expect(after.requests - before.requests).toBe(2);
    expect(after.commits - before.commits).toBe(2);
  });

  it('a review, its override and its undo in one commit answer what they answer one commit each', async () => {
    // The same three writes by two learners on a new card each: one in a single batch of the
    // writer, the other one request after the other.
    const [batched, sequential] = [await createUser(t), await createUser(t)];
    const [batchedCard, sequentialCard] = [await newCard(batched), await newCard(sequential)];
    const job = reviewJob(batched, batchedCard, 'wrong');
    const revision = { userId: batched.id, clientReviewId: job.body.clientReviewId, now: clock };
    const [reviewed, overridden, undone] = (await oneBatch([
      job,
      { kind: 'override', ...revision },
      { kind: 'undo', ...revision },
    ])) as [ReviewResult, ReviewResult, UndoResult];

    const id = randomUUID();
    const one = await api().must('POST', '/api/study/reviews', sequential, {
      cardId: sequentialCard,
      guess: 'wrong',
      clientReviewId: id,
      elapsedMs: 5,
    });
    const two = await api().must('POST', `/api/study/reviews/${id}/override`, sequential);
    const three = await api().must('POST', `/api/study/reviews/${id}/undo`, sequential);
    const same = (result: Record<string, unknown>) => {
      const { clientReviewId: _id, cardId: _card, answers: _answers, ...rest } = result;
      return rest;
    };
    expect(same(reviewed)).toEqual(same(one));
    expect(same(overridden)).toEqual(same(two));
    expect(same(undone)).toEqual(same(three));
    expect(undone).toMatchObject({ progress: null, combo: { current: 0, best: 0, bestAt: null } });
    for (const [user, cardId] of [
      [batched, batchedCard],
      [sequential, sequentialCard],
    ] as const) {
      expect(await progressOf(user.id, cardId)).toBeUndefined();
      expect((await logOf(user.id)).map((row) => [row.seq, row.kind])).toEqual([
        [1, 'review'],
        [2, 'override'],
        [3, 'undo'],
      ]);
      expect(await comboOf(user)).toEqual({ current: 0, best: 0, bestAt: null });
      expect(await isNew(user, cardId)).toBe(true);
    }
  });

  it('an undo deletes a progress row in a commit that writes others, and a card undone then answered again starts anew', async () => {
    const user = await createUser(t);
    const [undone, again, other] = [await newCard(user), await newCard(user), await newCard(user)];
    const first = randomUUID();
    const second = randomUUID();
    await api().must('POST', '/api/study/reviews', user, {
      cardId: undone,
      guess: 'the house',
      clientReviewId: first,
      elapsedMs: 5,
    });
    await api().must('POST', '/api/study/reviews', user, {
      cardId: again,
      guess: 'the house',
      clientReviewId: second,
      elapsedMs: 5,
    });
    const combo = await comboOf(user);
    const later = clock + 3 * DAY_MS;
    const [undoFirst, otherReview, undoSecond, againReview] = (await oneBatch([
      { kind: 'undo', userId: user.id, clientReviewId: first, now: later },
      reviewJob(user, other, 'the house', later),
      { kind: 'undo', userId: user.id, clientReviewId: second, now: later },
      reviewJob(user, again, 'the house', later),
    ])) as [UndoResult, ReviewResult, UndoResult, ReviewResult];
    // The second undo follows a review of another card: the combo is not put back.
    expect(undoFirst.progress).toBeNull();
    expect(undoSecond.progress).toBeNull();
    expect(undoSecond.combo).toEqual(otherReview.combo);
    expect(otherReview.combo).toMatchObject({ current: Number(combo['current']) + 1 });
    expect(await progressOf(user.id, undone)).toBeUndefined();
    expect(await isNew(user, undone)).toBe(true);
    // Answered again after its undo: a first review, at the later time.
    expect(await progressOf(user.id, again)).toMatchObject({
      reps: 1,
      created_at: later,
      last_review_at: later,
      due_at: Date.parse(againReview.dueAt),
    });
    expect(await isNew(user, again)).toBe(false);
    expect(await progressOf(user.id, other)).toMatchObject({ reps: 1, created_at: later });
    expect(await comboOf(user)).toEqual(againReview.combo);
    expect((await logOf(user.id)).map((row) => row.kind)).toEqual([
      'review',
      'review',
      'undo',
      'review',
      'undo',
      'review',
    ]);
  });

  it('an override or undo refused in a commit writes nothing and leaves the others', async () => {
    const user = await createUser(t);
    const [a, b] = [await newCard(user), await newCard(user)];
    const old = randomUUID();
    await api().must('POST', '/api/study/reviews', user, {
      cardId: a,
      guess: 'the house',
      clientReviewId: old,
      elapsedMs: 5,
    });
    const newer = reviewJob(user, a, 'wrong');
    const results = await oneBatch([
      newer,
      { kind: 'undo', userId: user.id, clientReviewId: old, now: clock },
      { kind: 'override', userId: user.id, clientReviewId: randomUUID(), now: clock },
      reviewJob(user, b, 'the house'),
      { kind: 'override', userId: user.id, clientReviewId: newer.body.clientReviewId, now: clock },
    ]);
    expect(results.map((result) => (typeof result === 'string' ? result : 'ok'))).toEqual([
      'ok',
      'conflict',
      'not_found',
      'ok',
      'ok',
    ]);
    expect((await logOf(user.id)).map((row) => row.kind)).toEqual([
      'review',
      'review',
      'review',
      'override',
    ]);
  });
});
