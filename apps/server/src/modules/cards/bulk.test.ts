import { cardLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  actors,
  caller,
  cardBody,
  sharedWorld,
  type Actor,
  type SharedWorld,
} from '../categories/sharing.test-support';

describe('POST /api/cards/bulk-move and /api/cards/bulk-delete', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let w: SharedWorld;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    w = await sharedWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const makeCards = async (user: TestUser, count: number, categoryId?: string) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const card = await api.must(
        'POST',
        '/api/cards',
        user,
        cardBody(categoryId ? { categoryId } : {}),
      );
      ids.push(String(card['id']));
    }
    return ids;
  };
  const categoryOf = async (ids: string[]) =>
    (
      await t.app.deps.db
        .selectFrom('cards')
        .select(['id', 'category_id'])
        .where('id', 'in', ids)
        .execute()
    ).map((row) => row.category_id);

  it('moves cards into a category and back out, counting each card once', async () => {
    const user = await createUser(t);
    const target = String((await api.must('POST', '/api/categories', user, { name: 'Box' }))['id']);
    const ids = await makeCards(user, 3);
    const res = await api.call('POST', '/api/cards/bulk-move', user, {
      ids: [...ids, ids[0]],
      categoryId: target,
    });
    expect(res.status).toBe(200);
    expect(res.payload).toEqual({ count: 3 });
    expect(await categoryOf(ids)).toEqual([target, target, target]);
    const out = await api.call('POST', '/api/cards/bulk-move', user, { ids, categoryId: null });
    expect(out.payload).toEqual({ count: 3 });
    expect(await categoryOf(ids)).toEqual([null, null, null]);
  });

  it('moves nothing when one card is not the caller’s (404 naming ids)', async () => {
    const user = await createUser(t);
    const ids = await makeCards(user, 2);
    const target = String((await api.must('POST', '/api/categories', user, { name: 'Box' }))['id']);
    for (const foreign of [w.privateCardId, 'no-such-card']) {
      const res = await api.call('POST', '/api/cards/bulk-move', user, {
        ids: [...ids, foreign],
        categoryId: target,
      });
      expect(res.status).toBe(404);
      expect(res.payload.issues?.[0]?.path).toBe('ids');
    }
    const del = await api.call('POST', '/api/cards/bulk-delete', user, {
      ids: [...ids, w.privateCardId],
    });
    expect(del.status).toBe(404);
    expect(await categoryOf(ids)).toEqual([null, null]);
    expect((await categoryOf([w.privateCardId])).length).toBe(1);
  });

  it('refuses moving into a category the caller may not edit, changing nothing', async () => {
    const ids = await makeCards(w.users.viewer, 1);
    const res = await api.call('POST', '/api/cards/bulk-move', w.users.viewer, {
      ids,
      categoryId: w.categoryId,
    });
    expect(res.status).toBe(403);
    const hidden = await api.call('POST', '/api/cards/bulk-move', w.users.viewer, {
      ids,
      categoryId: w.privateCategoryId,
    });
    expect(hidden.status).toBe(404);
    expect(hidden.payload.issues?.[0]?.path).toBe('categoryId');
    expect(await categoryOf(ids)).toEqual([null]);
  });

  it.each([
    ['/api/cards/bulk-move', 'ids', { ids: [], categoryId: null }],
    [
      '/api/cards/bulk-move',
      'ids',
      {
        ids: Array.from({ length: cardLimits.bulkIdsMax + 1 }, (_, i) => `id${i}`),
        categoryId: null,
      },
    ],
    ['/api/cards/bulk-move', 'categoryId', { ids: ['a'] }],
    ['/api/cards/bulk-move', 'ids.0', { ids: [5], categoryId: null }],
    ['/api/cards/bulk-delete', 'ids', { ids: 'a' }],
    ['/api/cards/bulk-delete', 'all', { ids: ['a'], all: true }],
  ])('%s answers 400 naming %s', async (url, field, body) => {
    const user = await createUser(t);
    const res = await api.call('POST', url, user, body);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
  });

  it(`accepts ${cardLimits.bulkIdsMax} ids in one call`, async () => {
    const user = await createUser(t);
    const ids = await makeCards(user, 2);
    const padded = [
      ...ids,
      ...Array.from({ length: cardLimits.bulkIdsMax - 2 }, () => ids[0] ?? ''),
    ];
    const res = await api.call('POST', '/api/cards/bulk-delete', user, { ids: padded });
    expect(res.payload).toEqual({ count: 2 });
  });

  const matrix: Record<Actor, number> = {
    owner: 200,
    editor: 200,
    viewer: 403,
    stranger: 404,
    anonymous: 401,
  };
  it.each(actors)('bulk calls on the shared category’s cards as %s', async (actor) => {
    const ids = await makeCards(w.users.owner, 2, w.categoryId);
    const user = w.as(actor);
    const sub = String(
      (
        await api.must('POST', '/api/categories', w.users.owner, {
          name: `sub ${actor}`,
          parentId: w.categoryId,
        })
      )['id'],
    );
    const move = await api.call('POST', '/api/cards/bulk-move', user, { ids, categoryId: sub });
    expect(move.status).toBe(matrix[actor]);
    expect(await categoryOf(ids)).toEqual(
      move.status === 200 ? [sub, sub] : [w.categoryId, w.categoryId],
    );
    const del = await api.call('POST', '/api/cards/bulk-delete', user, { ids });
    expect(del.status).toBe(matrix[actor]);
    expect(await categoryOf(ids)).toHaveLength(del.status === 200 ? 0 : 2);
  });
});
