import { defaultStudySettings, ownerLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import {
  insertCardRows,
  insertCategoryTree,
  insertMemberships,
  insertProgressRows,
  type BulkCategory,
} from './bulk-rows';
import { createUser, type TestUser } from './factories';
import { makeDeck } from '../src/modules/explore/explore.test-support';

// Every read of a learner's data at the limits of docs/limits.md, on both databases: an owner
// with as many categories (8 levels deep) and cards as one may have, and a member of the shared
// trees of many owners, each at the limit (the limit is per owner, not per reader). The rows are
// written straight through the repositories (test/bulk-rows.ts).

const get = (t: TestApp, user: TestUser, url: string) =>
  t.call({ method: 'GET', url, token: user.access });

const expectOk = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.status, JSON.stringify(res.payload).slice(0, 500)).toBe(200);
  return res;
};

// Minutes on a loaded machine: the figures are for the report, never a reason to fail.
const slow = { timeout: 300_000 };

describe('an owner at the limits', slow, () => {
  let t: TestApp;
  let owner: TestUser;
  let categories: BulkCategory[];
  let cardIds: string[];
  const uncategorised = 1000;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    const { db } = t.app.deps;
    categories = await insertCategoryTree(db, owner.id, { count: ownerLimits.categoriesMax });
    cardIds = [
      ...(await insertCardRows(
        db,
        owner.id,
        ownerLimits.cardsMax - uncategorised,
        categories.map((c) => c.id),
      )),
      ...(await insertCardRows(db, owner.id, uncategorised)),
    ];
    // Some cards studied and due, so the queue and the summary have due cards as well as new.
    await insertProgressRows(
      db,
      owner.id,
      cardIds.slice(0, 2000).map((id, i) => ({
        id,
        categoryId: categories[i % categories.length]?.id ?? null,
        own: true,
      })),
      Date.now() - 60_000,
    );
  }, slow.timeout);
  afterAll(async () => {
    await t.close();
  });

  const root = () => categories[0]?.id ?? '';

  it('has as many categories as it may, the deepest 8 levels deep', () => {
    expect(categories).toHaveLength(ownerLimits.categoriesMax);
    expect(Math.max(...categories.map((c) => c.depth))).toBe(8);
    expect(cardIds).toHaveLength(ownerLimits.cardsMax);
  });

  it('reads the category tree whole', async () => {
    const res = expectOk(await get(t, owner, '/api/categories'));
    expect((res.payload['items'] as unknown[]).length).toBe(ownerLimits.categoriesMax);
  });

  it('reads one category with its children', async () => {
    expectOk(await get(t, owner, `/api/categories/${root()}`));
  });

  it('exports the account', async () => {
    const res = expectOk(await get(t, owner, '/api/user/export'));
    const data = res.raw.json<{ payload: { categories: unknown[]; cards: unknown[] } }>().payload;
    expect(data.categories).toHaveLength(ownerLimits.categoriesMax);
    expect(data.cards).toHaveLength(ownerLimits.cardsMax);
  });

  it('exports the cards, all of them or a sub-tree', async () => {
    const all = await get(t, owner, '/api/cards/export?format=csv');
    expect(all.raw.statusCode).toBe(200);
    expect(all.raw.body.split('\n').length).toBeGreaterThan(ownerLimits.cardsMax);
    const tree = await get(t, owner, `/api/cards/export?format=json&categoryId=${root()}`);
    expect(tree.raw.statusCode).toBe(200);
  });

  it('reads the dashboard summary', async () => {
    const res = expectOk(await get(t, owner, '/api/study/summary'));
    // 2,000 cards are due; what the queue shows today stops at the learner's reviews per day.
    expect(res.payload).toMatchObject({
      hasCards: true,
      dueNow: defaultStudySettings.reviewsPerDay,
    });
    expect(res.payload['dueToday']).toBeGreaterThanOrEqual(2000);
    expect(res.payload['newToday']).toBeGreaterThan(0);
  });

  it('lists the cards, with every filter and sort', async () => {
    for (const query of [
      '',
      '?sort=front',
      '?sort=due',
      '?q=word%201',
      '?categoryId=none',
      `?categoryId=${root()}&includeSubcategories=true`,
      `?categoryId=${root()}&includeSubcategories=true&sort=due`,
      `?categoryId=${root()}&includeSubcategories=true&sort=updated&q=answer`,
    ]) {
      const res = expectOk(await get(t, owner, `/api/cards${query}`));
      expect((res.payload['items'] as unknown[]).length, query).toBeGreaterThan(0);
    }
  });

  it("counts the list and sorts it by front in the language's order, accents aside", async () => {
    for (const [query, total] of [
      ['', ownerLimits.cardsMax],
      ['?sort=front', ownerLimits.cardsMax],
      // "word 99", "word 990"…"word 999", "word 9900"…"word 9999" of 99,000 cards and of 1,000.
      ['?sort=front&q=W%C3%93RD%2099', 111 + 11],
      ['?sort=due&q=answer%2098999', 1],
    ] as const) {
      const started = performance.now();
      const res = expectOk(await get(t, owner, `/api/cards${query}`));
      console.info(
        `GET /api/cards${query} with its total: ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(res.payload['total'], query).toBe(total);
    }
  });

  it('finds the duplicates of a 50,000-row import among 100,000 cards; skipping them adds none', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `WÓRD ${i},answer ${i},`);
    for (const dryRun of [true, false]) {
      const started = performance.now();
      const res = await post(
        owner,
        '/api/cards/import',
        importBody(rows, { duplicates: 'skip', dryRun }),
      );
      console.info(
        `import of 50,000 duplicate rows (dry run ${dryRun}): ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(res.status, JSON.stringify(res.payload).slice(0, 300)).toBe(200);
      expect(res.payload).toMatchObject({ imported: 0, skipped: 50_000, duplicateCount: 50_000 });
    }
    expect(await count('cards')).toBe(ownerLimits.cardsMax);
  });

  it('studies: the queue of everything and of a sub-tree', async () => {
    for (const query of ['', `?categoryId=${root()}`, `?categoryId=${categories[7]?.id ?? ''}`]) {
      const res = expectOk(await get(t, owner, `/api/study/queue${query}`));
      expect((res.payload['items'] as unknown[]).length, query).toBeGreaterThan(0);
    }
  });

  const count = async (table: 'cards' | 'categories') =>
    Number(
      (
        await t.app.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url, token: user.access, payload });
  const card = (overrides: Record<string, unknown> = {}) => ({
    front: 'la casa',
    answers: ['the house'],
    fromLanguageCode: 'es',
    toLanguageCode: 'en',
    ...overrides,
  });
  const importBody = (rows: string[], options: Record<string, unknown> = {}) => ({
    format: 'csv',
    text: ['front,answers,category', ...rows].join('\n'),
    mapping: { front: 'front', answers: 'answers', category: 'category' },
    defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
    ...options,
  });
  const expectLimit = (res: Awaited<ReturnType<typeof post>>, limit: 'cards' | 'categories') => {
    expect(res.status, JSON.stringify(res.payload)).toBe(409);
    expect(res.code).toBe('conflict');
    expect(res.payload.issues?.map((issue) => issue.path)).toEqual([limit]);
  };

  it('refuses one more category, by any path, and changes nothing', async () => {
    expectLimit(await post(owner, '/api/categories', { name: 'One too many' }), 'categories');
    expectLimit(
      await post(owner, '/api/categories', { name: 'Deeper', parentId: root() }),
      'categories',
    );
    for (const dryRun of [true, false]) {
      expectLimit(
        await post(owner, '/api/cards/import', importBody(['uno,one,New/Path'], { dryRun })),
        'categories',
      );
    }
    expect(await count('categories')).toBe(ownerLimits.categoriesMax);
    expect(await count('cards')).toBe(ownerLimits.cardsMax);
  });

  it('refuses one more card, by any path and whoever adds it, and changes nothing', async () => {
    const editor = await createUser(t);
    await t.app.deps.db
      .updateTable('categories')
      .set({ visibility: 'shared' })
      .where('id', '=', root())
      .execute();
    await insertMemberships(t.app.deps.db, editor.id, [root()], 'editor');
    expectLimit(await post(owner, '/api/cards', card()), 'cards');
    expectLimit(await post(editor, '/api/cards', card({ categoryId: root() })), 'cards');
    for (const dryRun of [true, false]) {
      // Into an existing category: only the cards cross a limit.
      expectLimit(
        await post(owner, '/api/cards/import', importBody(['uno,one,Category 0'], { dryRun })),
        'cards',
      );
      expectLimit(
        await post(
          editor,
          '/api/cards/import',
          importBody(['uno,one,'], {
            dryRun,
            defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: root() },
          }),
        ),
        'cards',
      );
    }
    expect(await count('cards')).toBe(ownerLimits.cardsMax);
  });

  /** Room for 3 categories: three leaves gone (their cards stay, uncategorised). */
  const deleteThreeLeaves = async () => {
    const leaves = categories.slice(-3).map((c) => c.id);
    await t.app.deps.db.deleteFrom('categories').where('id', 'in', leaves).execute();
  };

  it('refuses a copy of a public deck with room for its categories but not its cards, and copies nothing', async () => {
    await deleteThreeLeaves();
    const deck = await makeDeck(t, await createUser(t), {
      cards: 3,
      subs: { a: { visibility: 'public' } },
    });
    expectLimit(await post(owner, `/api/explore/decks/${deck.id}/copy`, {}), 'cards');
    expect(await count('categories')).toBe(ownerLimits.categoriesMax - 3);
    expect(await count('cards')).toBe(ownerLimits.cardsMax);
  });

  it('lets concurrent creates fill the room left, never more', async () => {
    const { db } = t.app.deps;
    // Room for 3 categories and 5 cards.
    await deleteThreeLeaves();
    await db.deleteFrom('cards').where('id', 'in', cardIds.slice(-5)).execute();
    const created = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        post(owner, '/api/categories', { name: `Concurrent ${i}` }),
      ),
      ...Array.from({ length: 20 }, (_, i) => post(owner, '/api/cards', card({ front: `c ${i}` }))),
    ]);
    const statuses = created.map((res) => res.status);
    expect(statuses.slice(0, 10).filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.slice(10).filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(await count('categories')).toBe(ownerLimits.categoriesMax);
    expect(await count('cards')).toBe(ownerLimits.cardsMax);
  });

  it('deletes the account in steps, other learners writing meanwhile', async () => {
    const other = await createUser(t);
    let deleted = false;
    const deletion = t
      .call({
        method: 'POST',
        url: '/api/user/delete',
        token: owner.access,
        payload: { currentPassword: owner.password },
      })
      .then((res) => {
        deleted = true;
        return res;
      });
    // Once the deletion is under way, another learner's write waits for one step, not for all.
    while (!deleted && (await count('cards')) === ownerLimits.cardsMax) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await post(other, '/api/cards', card())).status).toBe(201);
    expect(deleted).toBe(false);
    const res = await deletion;
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(await count('cards')).toBe(0);
    expect(await count('categories')).toBe(0);
  });
});

describe('a member of the shared trees of many owners, each at the limit', slow, () => {
  let t: TestApp;
  let learner: TestUser;
  const roots: BulkCategory[] = [];
  /** Past both dialects' bind-parameter limits (SQLite 32,766, PostgreSQL 65,535) together. */
  const owners = 36;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.app.deps;
    learner = await createUser(t);
    for (let i = 0; i < owners; i += 1) {
      const owner = await createUser(t);
      const [root, ...rest] = await insertCategoryTree(db, owner.id, {
        count: ownerLimits.categoriesMax,
        visibility: 'shared',
      });
      if (!root) throw new Error('no root');
      roots.push(root);
      await insertCardRows(
        db,
        owner.id,
        40,
        [root, ...rest].slice(0, 40).map((c) => c.id),
      );
    }
    await insertMemberships(
      db,
      learner.id,
      roots.map((root) => root.id),
    );
  }, slow.timeout);
  afterAll(async () => {
    await t.close();
  });

  it('studies the shared cards: queue and summary', async () => {
    const queue = expectOk(await get(t, learner, '/api/study/queue'));
    expect((queue.payload['items'] as unknown[]).length).toBeGreaterThan(0);
    const summary = expectOk(await get(t, learner, '/api/study/summary'));
    expect(summary.payload).toMatchObject({ hasCards: true });
    expect(summary.payload['newToday']).toBeGreaterThan(0);
    expectOk(await get(t, learner, `/api/study/queue?categoryId=${roots[0]?.id ?? ''}`));
  });

  it('reads the category tree, bounded', async () => {
    const res = expectOk(await get(t, learner, '/api/categories'));
    expect(res.raw.body.length).toBeLessThan(2_000_000);
  });

  it('lists and exports the cards of one shared tree', async () => {
    const root = roots[0]?.id ?? '';
    const list = expectOk(
      await get(t, learner, `/api/cards?categoryId=${root}&includeSubcategories=true`),
    );
    expect((list.payload['items'] as unknown[]).length).toBe(40);
    const file = await get(t, learner, `/api/cards/export?format=json&categoryId=${root}`);
    expect(file.raw.statusCode).toBe(200);
  });

  it('exports and deletes the account', async () => {
    expectOk(await get(t, learner, '/api/user/export'));
    const res = await t.call({
      method: 'POST',
      url: '/api/user/delete',
      token: learner.access,
      payload: { currentPassword: learner.password },
    });
    expect(res.status).toBe(200);
  });
});
