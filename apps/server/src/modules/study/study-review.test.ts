import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyLimits } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { sharedWorld } from '../categories/sharing.test-support';
import { studyCalls } from './study.test-support';

/** Answering a card: the score, the progress and the log written, the combo, who may answer. */
describe('study: reviews', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, advance, newCard, reviewCall, answer, progressOf, logOf, queue } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  it('answers 401 to an anonymous caller on every call and writes nothing', async () => {
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/study/queue'],
      ['GET', '/api/study/combo'],
      [
        'POST',
        '/api/study/reviews',
        { cardId: 'x', guess: 'x', clientReviewId: 'abcdefgh', elapsedMs: 1 },
      ],
      ['POST', '/api/study/reviews/abcdefgh/override'],
      ['POST', '/api/study/reviews/abcdefgh/undo'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api().call(method, url, undefined, payload);
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });

  it('scores a right guess, creates the progress lazily, logs it and starts the combo', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    expect(await progressOf(user.id, cardId)).toBeUndefined();
    const res = await answer(user, cardId, 'The House');
    expect(res).toMatchObject({
      cardId,
      kind: 'review',
      score: 1,
      success: true,
      expected: 'the house',
      answers: ['the house'],
      combo: { current: 1, best: 1, bestAt: new Date(clock).toISOString() },
      reviewedAt: new Date(clock).toISOString(),
    });
    expect(Array.isArray(res['diff'])).toBe(true);
    const progress = await progressOf(user.id, cardId);
    expect(progress).toMatchObject({ reps: 1, lapses: 0, last_review_at: clock, suspended: 0 });
    expect(progress?.due_at).toBe(Date.parse(String(res['dueAt'])));
    expect(progress?.due_at ?? 0).toBeGreaterThan(clock);
    const log = await logOf(user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      kind: 'review',
      card_id: cardId,
      guess: 'The House',
      success: 1,
      grade: 3,
      elapsed_ms: 1500,
    });
    expect(JSON.parse(log[0]?.state_before ?? '')).toMatchObject({ progress: null });
  });

  it('a wrong guess fails, resets the combo and shows the expected answer and the diff', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    await advance(2 * DAY_MS, user);
    const res = await answer(user, cardId, 'el perro');
    expect(res).toMatchObject({
      success: false,
      expected: 'the house',
      combo: { current: 0, best: 1 },
    });
    expect(Number(res['score'])).toBeLessThan(0.85);
    const kinds = (res['diff'] as { kind: string }[]).map((part) => part.kind);
    expect(kinds).toContain('wrong');
    const progress = await progressOf(user.id, cardId);
    expect(progress).toMatchObject({ reps: 2, lapses: 1, last_review_at: clock });
  });

  it('weighs a missing article little and says what was typed in place of each wrong letter', async () => {
    // Issue 16, items 1 and 2: the server re-scores with the same engine as the device.
    const user = await createUser(t);
    const cardId = await newCard(user);
    const res = await answer(user, cardId, 'house');
    expect(res).toMatchObject({ success: true, expected: 'the house' });
    expect(Number(res['score'])).toBeCloseTo(0.9, 12);
    const log = await logOf(user.id);
    expect(log[0]).toMatchObject({ success: 1, grade: 2 });
    await advance(2 * DAY_MS, user);
    const wrong = await answer(user, cardId, 'the hoose');
    const parts = wrong['diff'] as { kind: string; text: string; typed?: string }[];
    expect(parts.find((part) => part.kind === 'wrong')).toEqual({
      kind: 'wrong',
      text: 'u',
      typed: 'o',
    });
  });

  it('reads the typing conventions of the answer’s language as the device does', async () => {
    // Issue 17, decision 0029: the server scores in the review writer's thread, which reads the
    // kana, Chinese and spelling tables on first use.
    const user = await createUser(t);
    const cases: [string, string, string, number][] = [
      ['de', 'der Bär', 'der Baer', 1],
      ['ja', 'スシ', 'すし', 1 - 0.25 / 2],
      ['zh-Hant', '我愛你', '我爱你', 1 - 0.25 / 3],
      ['en', 'colour', 'color', 1 - 0.25 / 6],
    ];
    for (const [toLanguageCode, expected, guess, score] of cases) {
      const cardId = await newCard(user, { answers: [expected], toLanguageCode });
      const res = await answer(user, cardId, guess);
      expect(res).toMatchObject({ success: true, expected });
      expect(Number(res['score'])).toBeCloseTo(score, 12);
    }
  });

  it('the same clientReviewId again answers the same result and writes nothing', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const id = randomUUID();
    const first = await answer(user, cardId, 'the house', id);
    const progress = await progressOf(user.id, cardId);
    await advance(DAY_MS, user);
    const again = await answer(user, cardId, 'something else entirely', id);
    expect(again).toEqual(first);
    expect(await progressOf(user.id, cardId)).toEqual(progress);
    expect(await logOf(user.id)).toHaveLength(1);
    const otherCard = await newCard(user);
    const clash = await reviewCall(user, otherCard, 'the house', id);
    expect(clash.status).toBe(409);
    expect(clash.payload.issues?.map((i) => i.path)).toContain('clientReviewId');
  });

  it('keeps the current and the best combo per learner', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const cardId = await newCard(user);
    for (const guess of ['the house', 'the house', 'the house', 'x', 'the house']) {
      await answer(user, cardId, guess);
      clock += 1000;
    }
    const combo = await api().must('GET', '/api/study/combo', user);
    expect(combo).toMatchObject({ current: 1, best: 3 });
    expect(await api().must('GET', '/api/study/combo', other)).toEqual({
      current: 0,
      best: 0,
      bestAt: null,
    });
  });

  it('records two concurrent reviews of different cards', async () => {
    const user = await createUser(t);
    const [a, b] = [await newCard(user), await newCard(user)];
    const [ra, rb] = await Promise.all([
      reviewCall(user, a, 'the house'),
      reviewCall(user, b, 'the house'),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await logOf(user.id)).toHaveLength(2);
    expect(await progressOf(user.id, a)).toBeDefined();
    expect(await progressOf(user.id, b)).toBeDefined();
    expect(await api().must('GET', '/api/study/combo', user)).toMatchObject({
      current: 2,
      best: 2,
    });
    const logs = await logOf(user.id);
    expect(logs.map((r) => r.seq)).toEqual([1, 2]);
  });

  it('a member studies a shared card on an own schedule; a stranger gets 404', async () => {
    const world = await sharedWorld(t);
    const { owner, viewer, stranger } = world.users;
    await answer(owner, world.cardId, 'the house');
    const ownerProgress = await progressOf(owner.id, world.cardId);
    const viewerQueue = await queue(viewer);
    expect(viewerQueue.items.map((i) => [i.cardId, i.kind])).toEqual([[world.cardId, 'new']]);
    expect((await queue(viewer, `?categoryId=${world.categoryId}`)).items).toHaveLength(1);
    await answer(viewer, world.cardId, 'wrong answer');
    expect(await progressOf(viewer.id, world.cardId)).toMatchObject({ reps: 1 });
    expect(await progressOf(owner.id, world.cardId)).toEqual(ownerProgress);
    expect((await api().must('GET', '/api/study/combo', viewer))['current']).toBe(0);
    expect((await api().must('GET', '/api/study/combo', owner))['current']).toBe(1);

    const hidden = await reviewCall(stranger, world.cardId, 'the house');
    expect(hidden.status).toBe(404);
    expect((await reviewCall(viewer, world.privateCardId, 'the house')).status).toBe(404);
    expect((await reviewCall(stranger, randomUUID(), 'the house')).status).toBe(404);
    expect(await logOf(stranger.id)).toHaveLength(0);
    expect((await queue(stranger)).items).toEqual([]);
    const q = await api().call('GET', `/api/study/queue?categoryId=${world.categoryId}`, stranger);
    expect(q.status).toBe(404);
    // Another learner's review id is unknown to the stranger.
    const [ownerReview] = await logOf(owner.id);
    const override = await api().call(
      'POST',
      `/api/study/reviews/${ownerReview?.client_review_id ?? ''}/undo`,
      stranger,
    );
    expect(override.status).toBe(404);
  });

  const good = { cardId: 'c', guess: 'g', clientReviewId: 'abcdefgh-1', elapsedMs: 10 };
  it.each([
    ['cardId', { ...good, cardId: undefined }],
    ['cardId', { ...good, cardId: '' }],
    ['guess', { ...good, guess: 42 }],
    ['guess', { ...good, guess: 'x'.repeat(1001) }],
    // Bounded in the characters the scorer compares, not UTF-16 units (issue 14, item 4).
    ['guess', { ...good, guess: 'x'.repeat(studyLimits.guessMax + 1) }],
    ['guess', { ...good, guess: 'ß'.repeat(studyLimits.guessMax / 2 + 1) }],
    ['guess', { ...good, guess: 'e\u0301'.repeat(studyLimits.guessMax + 1) }],
    ['clientReviewId', { ...good, clientReviewId: 'short' }],
    ['clientReviewId', { ...good, clientReviewId: 'has spaces in it' }],
    ['elapsedMs', { ...good, elapsedMs: -1 }],
    ['elapsedMs', { ...good, elapsedMs: 1.5 }],
    ['extra', { ...good, extra: true }],
  ])('answers 400 naming %s and writes nothing', async (field, payload) => {
    const user = await createUser(t);
    const res = await api().call('POST', '/api/study/reviews', user, payload);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((i) => i.path)).toContain(field);
    expect(await logOf(user.id)).toHaveLength(0);
  });

  it('takes a guess as long as the limit in any script, emoji of four UTF-16 units included', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    for (const guess of ['x'.repeat(studyLimits.guessMax), '👍🏽'.repeat(studyLimits.guessMax)]) {
      const res = await reviewCall(user, cardId, guess);
      expect(res.status).toBe(200);
    }
  });

  it('says a guess of another type must be text, and a missing one is required', async () => {
    const user = await createUser(t);
    const { guess: _missing, ...withoutGuess } = good;
    for (const [payload, message] of [
      [{ ...good, guess: 42 }, 'guess must be text'],
      [withoutGuess, 'guess is required'],
    ] as const) {
      const res = await api().call('POST', '/api/study/reviews', user, payload);
      expect(res.payload.issues).toContainEqual({ path: 'guess', message });
    }
  });
});
