import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { sharedWorld, type SharedWorld } from '../categories/sharing.test-support';
import { studyCalls } from './study.test-support';

/**
 * One rule decides what a learner studies (issue 14, item 17): their own cards and those of the
 * categories they are an owner, editor or viewer of. The queue, reviews, overrides, undos and a
 * card's schedule all answer by it: 404 for a card the learner may not see, 403 for one they may
 * only read (a public category they are no member of), as the queue answers for its category.
 */
describe('study: who studies a card', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, advance, reviewCall, answerId, logOf, progressOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  /** What each study call answers the learner about one card of a category. */
  async function answers(user: TestUser, categoryId: string, cardId: string) {
    const queue = await api().call('GET', `/api/study/queue?categoryId=${categoryId}`, user);
    const review = await reviewCall(user, cardId, 'the house');
    const schedule = await api().call('GET', `/api/cards/${cardId}/schedule`, user);
    return { queue: queue.status, review: review.status, schedule: schedule.status };
  }

  async function publicWorld(): Promise<SharedWorld> {
    const world = await sharedWorld(t);
    await api().must('PATCH', `/api/categories/${world.categoryId}`, world.users.owner, {
      visibility: 'public',
    });
    return world;
  }

  it('a stranger reading a public card is refused 403 by the queue, reviews and the schedule alike, and nothing is written', async () => {
    const world = await publicWorld();
    const { stranger } = world.users;
    expect((await api().call('GET', `/api/cards/${world.cardId}`, stranger)).status).toBe(200);
    expect(await answers(stranger, world.categoryId, world.cardId)).toEqual({
      queue: 403,
      review: 403,
      schedule: 403,
    });
    const review = await reviewCall(stranger, world.cardId, 'the house');
    expect(review.code).toBe('forbidden');
    expect(review.payload.message).toBe('Join this category to study it');
    expect(await logOf(stranger.id)).toHaveLength(0);
    expect(await progressOf(stranger.id, world.cardId)).toBeUndefined();
  });

  it('a hidden card answers 404 everywhere, a studied one is answered everywhere', async () => {
    const world = await sharedWorld(t);
    const { stranger, viewer, editor, owner } = world.users;
    expect(await answers(stranger, world.privateCategoryId, world.privateCardId)).toEqual({
      queue: 404,
      review: 404,
      schedule: 404,
    });
    expect(await answers(stranger, world.categoryId, world.cardId)).toEqual({
      queue: 404,
      review: 404,
      schedule: 404,
    });
    for (const user of [viewer, editor, owner]) {
      expect(await answers(user, world.categoryId, world.cardId)).toEqual({
        queue: 200,
        review: 200,
        schedule: 200,
      });
    }
  });

  it('a viewer removed from a public category may no longer override or undo their answers (403), nor review; removed from a shared one, 404', async () => {
    for (const visibility of ['public', 'shared'] as const) {
      const world = await sharedWorld(t);
      const { owner, viewer } = world.users;
      if (visibility === 'public') {
        await api().must('PATCH', `/api/categories/${world.categoryId}`, owner, { visibility });
      }
      const wrong = randomUUID();
      expect((await reviewCall(viewer, world.cardId, 'wrong', wrong)).status).toBe(200);
      await advance(60_000);
      const right = await answerId(viewer, world.cardId, 'the house');
      await api().must('DELETE', `/api/categories/${world.categoryId}/members/${viewer.id}`, owner);
      const expected = visibility === 'public' ? 403 : 404;
      const calls = [
        await api().call('POST', `/api/study/reviews/${right}/undo`, viewer),
        await api().call('POST', `/api/study/reviews/${wrong}/override`, viewer),
        await reviewCall(viewer, world.cardId, 'the house'),
        await api().call('GET', `/api/cards/${world.cardId}/schedule`, viewer),
      ];
      expect(calls.map((res) => res.status)).toEqual(Array(4).fill(expected));
      expect((await logOf(viewer.id)).map((row) => row.kind)).toEqual(['review', 'review']);
    }
  });
});
