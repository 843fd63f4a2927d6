import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { caller, cardBody, sharedWorld, uniqueLabel } from '../categories/sharing.test-support';

describe('study', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = () => caller(t);
  /** Moves the clock and signs the users in again (access tokens live 15 minutes). */
  const advance = async (ms: number, ...users: TestUser[]) => {
    clock += ms;
    for (const user of users) Object.assign(user, await signIn(t, user.username, user.password));
  };
  const db = () => t.app.deps.db;
  const newCard = async (user: TestUser, overrides: Record<string, unknown> = {}) =>
    String(
      (
        await api().must(
          'POST',
          '/api/cards',
          user,
          cardBody({ answers: ['the house'], ...overrides }),
        )
      )['id'],
    );
  const reviewCall = (user: TestUser | undefined, cardId: string, guess: string, id?: string) =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId: id ?? randomUUID(),
      elapsedMs: 1500,
    });
  const answer = async (user: TestUser, cardId: string, guess: string, id?: string) => {
    const res = await reviewCall(user, cardId, guess, id);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return res.payload;
  };
  const progressOf = (userId: string, cardId: string) =>
    db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();
  const logOf = (userId: string) =>
    db()
      .selectFrom('review_log')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute();
  const queue = async (user: TestUser, query = '') => {
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return res.payload as {
      items: { cardId: string; kind: string }[];
      dueCount: number;
      newCount: number;
    };
  };

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

  it('introduces at most 20 new cards per category and day', async () => {
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
    // The uncategorised card has its own daily budget and appears in the whole queue.
    expect((await queue(user)).items.map((i) => i.cardId)).toContain(other);
    await advance(DAY_MS, user);
    const tomorrow = await queue(user, `?categoryId=${categoryId}`);
    expect(tomorrow.items.filter((i) => i.kind === 'new')).toHaveLength(20);
  });

  it('"I was right" turns the latest failure into a success, logged as an override', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    await advance(DAY_MS, user);
    const id = randomUUID();
    const failed = await answer(user, cardId, 'la maison', id);
    expect(failed['success']).toBe(false);
    clock += 60_000;
    const res = await api().call('POST', `/api/study/reviews/${id}/override`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(res.payload).toMatchObject({
      kind: 'override',
      success: true,
      score: failed['score'],
      combo: { current: 2, best: 2 },
    });
    const progress = await progressOf(user.id, cardId);
    expect(progress).toMatchObject({ reps: 2, lapses: 0 });
    expect(progress?.due_at).toBe(Date.parse(String(res.payload['dueAt'])));
    const log = await logOf(user.id);
    expect(log.map((r) => r.kind)).toEqual(['review', 'review', 'override']);
    expect(log[2]?.target_id).toBe(log[1]?.id);
    // Again: the same answer, nothing written.
    const again = await api().call('POST', `/api/study/reviews/${id}/override`, user);
    expect(again.payload).toEqual(res.payload);
    expect(await logOf(user.id)).toHaveLength(3);
  });

  it('refuses to override a success, an older review or an unknown one', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const okId = randomUUID();
    await answer(user, cardId, 'the house', okId);
    const success = await api().call('POST', `/api/study/reviews/${okId}/override`, user);
    expect(success.status).toBe(409);
    const failId = randomUUID();
    await answer(user, cardId, 'wrong', failId);
    await answer(user, cardId, 'the house');
    const older = await api().call('POST', `/api/study/reviews/${failId}/override`, user);
    expect(older.status).toBe(409);
    const unknown = await api().call('POST', `/api/study/reviews/${randomUUID()}/override`, user);
    expect(unknown.status).toBe(404);
    expect(await logOf(user.id)).toHaveLength(3);
  });

  it('undo restores the schedule and the combo exactly, one review after another', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const first = randomUUID();
    await answer(user, cardId, 'the house', first);
    const afterFirst = await progressOf(user.id, cardId);
    const comboAfterFirst = await api().must('GET', '/api/study/combo', user);
    await advance(3 * DAY_MS, user);
    const second = randomUUID();
    await answer(user, cardId, 'the house', second);
    expect((await api().must('GET', '/api/study/combo', user))['current']).toBe(2);
    // Only the latest review of the card can be undone.
    expect((await api().call('POST', `/api/study/reviews/${first}/undo`, user)).status).toBe(409);
    const undo = await api().call('POST', `/api/study/reviews/${second}/undo`, user);
    expect(undo.status, JSON.stringify(undo.payload)).toBe(200);
    expect(undo.payload).toMatchObject({ clientReviewId: second, cardId, combo: comboAfterFirst });
    expect(await progressOf(user.id, cardId)).toEqual(afterFirst);
    expect(await api().must('GET', '/api/study/combo', user)).toEqual(comboAfterFirst);
    // Again: same answer, nothing written.
    const again = await api().call('POST', `/api/study/reviews/${second}/undo`, user);
    expect(again.payload).toEqual(undo.payload);
    const undoFirst = await api().call('POST', `/api/study/reviews/${first}/undo`, user);
    expect(undoFirst.status).toBe(200);
    expect(undoFirst.payload['progress']).toBeNull();
    expect(await progressOf(user.id, cardId)).toBeUndefined();
    expect(await api().must('GET', '/api/study/combo', user)).toEqual({
      current: 0,
      best: 0,
      bestAt: null,
    });
    expect((await logOf(user.id)).map((r) => r.kind)).toEqual(['review', 'review', 'undo', 'undo']);
    // The card is new again.
    expect((await queue(user)).items.map((i) => [i.cardId, i.kind])).toEqual([[cardId, 'new']]);
  });

  it('undo of an overridden review goes back to before the review', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    const before = await progressOf(user.id, cardId);
    const id = randomUUID();
    await answer(user, cardId, 'nope', id);
    await api().must('POST', `/api/study/reviews/${id}/override`, user);
    await api().must('POST', `/api/study/reviews/${id}/undo`, user);
    expect(await progressOf(user.id, cardId)).toEqual(before);
    expect((await api().must('GET', '/api/study/combo', user))['current']).toBe(1);
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

  it('the account export holds the progress, the review log and the combo', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const id = randomUUID();
    await answer(user, cardId, 'the house', id);
    const data = accountExportSchema.parse(await api().must('GET', '/api/user/export', user));
    expect(data.progress).toMatchObject([{ cardId, reps: 1, lapses: 0, suspended: false }]);
    expect(data.reviews).toMatchObject([
      { clientReviewId: id, cardId, kind: 'review', guess: 'the house', success: true, grade: 3 },
    ]);
    expect(data.combo).toMatchObject({ current: 1, best: 1 });
  });

  it('progress, reviews and combo go with the account', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    await api().must('POST', '/api/user/delete', user, { currentPassword: user.password });
    expect(await progressOf(user.id, cardId)).toBeUndefined();
    expect(await logOf(user.id)).toHaveLength(0);
    const combo = await db()
      .selectFrom('combos')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(combo).toHaveLength(0);
  });

  const good = { cardId: 'c', guess: 'g', clientReviewId: 'abcdefgh-1', elapsedMs: 10 };
  it.each([
    ['cardId', { ...good, cardId: undefined }],
    ['cardId', { ...good, cardId: '' }],
    ['guess', { ...good, guess: 42 }],
    ['guess', { ...good, guess: 'x'.repeat(1001) }],
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

  it('override and undo answer 400 for a malformed review id', async () => {
    const user = await createUser(t);
    const res = await api().call('POST', '/api/study/reviews/bad!id!xx/undo', user);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((i) => i.path)).toContain('clientReviewId');
  });
});
