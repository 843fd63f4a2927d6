import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/** Taking an answer back: "I was right" on the latest failure, and undo of the latest review. */
describe('study: "I was right" and undo', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, advance, newCard, answer, progressOf, logOf, queue } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

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

  it('after an undo, "I was right" and the review sent again answer 409, not their old answers', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const id = randomUUID();
    const failed = await answer(user, cardId, 'la maison', id);
    clock += 60_000;
    const override = await api().call('POST', `/api/study/reviews/${id}/override`, user);
    expect(override.status).toBe(200);
    const undo = await api().call('POST', `/api/study/reviews/${id}/undo`, user);
    expect(undo.status).toBe(200);
    expect(undo.payload['progress']).toBeNull();
    for (const res of [
      await api().call('POST', `/api/study/reviews/${id}/override`, user),
      await api().call('POST', '/api/study/reviews', user, {
        cardId,
        guess: 'la maison',
        clientReviewId: id,
        elapsedMs: 1500,
      }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.payload.issues).toEqual([
        { path: 'clientReviewId', message: 'This answer was undone' },
      ]);
    }
    // The undo sent again answers what it did; the card is new again, as the database says.
    const again = await api().call('POST', `/api/study/reviews/${id}/undo`, user);
    expect(again.payload).toEqual(undo.payload);
    expect(await progressOf(user.id, cardId)).toBeUndefined();
    expect((await logOf(user.id)).map((row) => row.kind)).toEqual(['review', 'override', 'undo']);
    expect(failed['success']).toBe(false);
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

  it('override and undo answer 400 for a malformed review id', async () => {
    const user = await createUser(t);
    const res = await api().call('POST', '/api/study/reviews/bad!id!xx/undo', user);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((i) => i.path)).toContain('clientReviewId');
  });
});
