import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewResultSchema, studyQueueSchema } from '@glossa/contract';
import { scoreGuess } from '@glossa/srs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, cardBody, sharedWorld } from '../categories/sharing.test-support';

/** The queue carries what a device needs to score an answer given offline (the card's answers). */
describe('study queue answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const api = () => caller(t);
  const queueOf = async (user: TestUser | undefined, query = '') => {
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    return { status: res.status, res };
  };
  const parsedQueue = async (user: TestUser, query = '') => {
    const { status, res } = await queueOf(user, query);
    expect(status, JSON.stringify(res.payload)).toBe(200);
    return studyQueueSchema.parse(res.payload);
  };

  it('gives the owner each card with its accepted answers, as edited last', async () => {
    const user = await createUser(t);
    const card = await api().must(
      'POST',
      '/api/cards',
      user,
      cardBody({ answers: ['the house', 'home; dwelling'], toLanguageCode: 'en' }),
    );
    const cardId = String(card['id']);
    const before = await parsedQueue(user);
    expect(before.items.map((i) => [i.cardId, i.answers])).toEqual([
      [cardId, ['the house', 'home; dwelling']],
    ]);

    await api().must('PATCH', `/api/cards/${cardId}`, user, { answers: ['the building'] });
    const after = await parsedQueue(user);
    expect(after.items.find((i) => i.cardId === cardId)?.answers).toEqual(['the building']);
  });

  it('scores a guess on the device exactly as the server does', async () => {
    const user = await createUser(t);
    const card = await api().must(
      'POST',
      '/api/cards',
      user,
      cardBody({ answers: ['the apple tree', 'pommier'], toLanguageCode: 'en' }),
    );
    const [item] = (await parsedQueue(user)).items;
    if (!item) throw new Error('the card is not in the queue');
    for (const guess of ['the aple tree', 'tree the apple', 'Pommier', 'banana']) {
      const local = scoreGuess(guess, item.answers, {
        language: item.toLanguageCode,
        minimumScore: 0.85,
      });
      const res = await api().call('POST', '/api/study/reviews', user, {
        cardId: String(card['id']),
        guess,
        clientReviewId: randomUUID(),
        elapsedMs: 1000,
      });
      expect(res.status, JSON.stringify(res.payload)).toBe(200);
      const server = reviewResultSchema.parse(res.payload);
      expect({ score: local.score, expected: local.expected, diff: local.diff }).toEqual({
        score: server.score,
        expected: server.expected,
        diff: server.diff,
      });
      expect(local.success).toBe(server.success);
      // Answered: the card leaves the queue; undo puts it back for the next guess.
      const undo = await api().call(
        'POST',
        `/api/study/reviews/${server.clientReviewId}/undo`,
        user,
      );
      expect(undo.status, JSON.stringify(undo.payload)).toBe(200);
    }
  });

  it('gives a member the shared cards with answers; a stranger and anonymous get none', async () => {
    const world = await sharedWorld(t);
    const { viewer, stranger } = world.users;
    const viewerQueue = await parsedQueue(viewer);
    expect(viewerQueue.items.map((i) => [i.cardId, i.answers])).toEqual([
      [world.cardId, ['the house', 'the home']],
    ]);
    expect((await parsedQueue(stranger)).items).toEqual([]);
    const hidden = await queueOf(stranger, `?categoryId=${world.categoryId}`);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.res.payload)).not.toContain('the house');
    const anonymous = await queueOf(undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.res.code).toBe('unauthorized');
  });

  it('answers 400 naming the field for a bad query and writes nothing', async () => {
    const user = await createUser(t);
    const bad = await queueOf(user, '?limit=0&answers=1');
    expect(bad.status).toBe(400);
    expect(bad.res.code).toBe('invalid_input');
    expect(bad.res.payload.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['limit']) as unknown,
    );
  });
});
