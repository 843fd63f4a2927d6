import { randomUUID } from 'node:crypto';
import {
  categoryMemberViewSchema,
  cardPageSchema,
  copyProgressSchema,
  deckCopySchema,
  ownerLimits,
} from '@glossa/contract';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { insertCardRows, insertCategoryTree } from '../../../test/bulk-rows';
import { createUser, type TestUser } from '../../../test/factories';
import { checkTreesAfterEach } from '../../../test/tree-invariant';
import { categoryCalls } from '../categories/sharing.test-support';
import { exploreCalls, makeDeck } from './explore.test-support';

/**
 * Copying a public deck: a deep copy of what the learner reads of it into their own tree, private,
 * remembering where it came from; theirs to change; within their owner limits; followed while it
 * runs (docs/decisions/0022-explore.md).
 */
describe('explore: copy a public deck', () => {
  let t: TestApp;
  let x: ReturnType<typeof exploreCalls>;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    x = exploreCalls(t);
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const copy = async (user: TestUser, id: string, body: unknown = {}) =>
    deckCopySchema.parse(await x.must('POST', `/api/explore/decks/${id}/copy`, user, body));
  const cardsOf = async (user: TestUser, categoryId: string) =>
    cardPageSchema.parse(
      await x.must(
        'GET',
        `/api/cards?categoryId=${categoryId}&includeSubcategories=true&sort=front&limit=100`,
        user,
      ),
    ).items;

  it('copies the readable sub-categories and cards into a private category of the learner, remembering the deck', async () => {
    const learner = await createUser(t);
    const deck = await makeDeck(t, owner, {
      name: 'Spanish verbs',
      cards: 3,
      subs: {
        open: { visibility: 'public' },
        nested: { visibility: 'shared', parent: 'open' },
        hidden: { visibility: 'private' },
      },
    });
    const made = await copy(learner, deck.id);
    expect(made).toMatchObject({ name: 'Spanish verbs', categories: 3, cards: 5 });
    const tree = await categoryCalls(() => t).tree(learner);
    expect(tree.map((c) => [c.name, c.depth, c.visibility, c.role, c.cardCount])).toEqual([
      ['Spanish verbs', 1, 'private', 'owner', 3],
      ['open', 2, 'private', 'owner', 1],
      ['nested', 3, 'private', 'owner', 1],
    ]);
    const view = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${made.categoryId}`, learner),
    );
    expect(view.copiedFrom).toMatchObject({
      categoryId: deck.id,
      name: 'Spanish verbs',
      ownerUsername: owner.username,
    });
    expect(view.category).toMatchObject({
      description: 'A deck to test explore',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
    });
    const copied = await cardsOf(learner, made.categoryId);
    const source = await cardsOf(owner, deck.id);
    const visible = source.filter((card) => card.categoryId !== deck.categories['hidden']);
    expect(copied.map((c) => [c.front, c.answers, c.notes])).toEqual(
      visible.map((c) => [c.front, c.answers, c.notes]),
    );
    expect(copied.every((card) => card.ownerId === learner.id && card.canEdit)).toBe(true);
    expect(copied.some((card) => source.some((s) => s.id === card.id))).toBe(false);
    // The copy is the learner's: they change it, the deck stays as it was.
    const [first] = copied;
    await x.must('PATCH', `/api/cards/${first?.id}`, learner, { front: 'changed in the copy' });
    await x.must('PATCH', `/api/categories/${made.categoryId}`, learner, { name: 'Mine now' });
    expect((await cardsOf(owner, deck.id)).map((c) => c.front)).toEqual(source.map((c) => c.front));
    expect((await x.preview(owner, deck.id)).deck.name).toBe('Spanish verbs');
    // Its new cards are the learner's to study, without joining.
    const queue = await x.must('GET', `/api/study/queue?categoryId=${made.categoryId}`, learner);
    expect((queue['items'] as unknown[]).length).toBe(5);
  });

  it('names a second copy apart, and copies the owner’s own deck whole', async () => {
    const learner = await createUser(t);
    const deck = await makeDeck(t, owner, {
      name: 'Twice',
      subs: { hidden: { visibility: 'private' } },
    });
    expect((await copy(learner, deck.id)).name).toBe('Twice');
    expect((await copy(learner, deck.id)).name).toBe('Twice (copy)');
    expect((await copy(learner, deck.id)).name).toBe('Twice (copy 2)');
    const own = await copy(owner, deck.id);
    expect(own).toMatchObject({ name: 'Twice (copy)', categories: 2, cards: 2 });
  });

  it('answers the same copy for the same copyId, and its progress while and after it runs', async () => {
    const learner = await createUser(t);
    const deck = await makeDeck(t, owner, { cards: 2 });
    const copyId = randomUUID();
    const unknown = await x.call('GET', `/api/explore/copies/${copyId}`, learner);
    expect(unknown.status).toBe(404);
    const made = await copy(learner, deck.id, { copyId });
    expect(await copy(learner, deck.id, { copyId })).toEqual(made);
    const progress = copyProgressSchema.parse(
      await x.must('GET', `/api/explore/copies/${copyId}`, learner),
    );
    expect(progress).toEqual({
      status: 'done',
      cardsTotal: 2,
      cardsCopied: 2,
      categoryId: made.categoryId,
    });
    // Someone else's copy is not theirs to follow.
    const other = await createUser(t);
    expect((await x.call('GET', `/api/explore/copies/${copyId}`, other)).status).toBe(404);
    expect((await categoryCalls(() => t).tree(learner)).length).toBe(1);
  });

  it('follows a large copy while it runs, chunk by chunk', async () => {
    const learner = await createUser(t);
    const big = await makeDeck(t, owner, { cards: 0 });
    await insertCardRows(t.app.deps.db, owner.id, 2500, [big.id]);
    const copyId = randomUUID();
    const seen: number[] = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const res = await x.call('GET', `/api/explore/copies/${copyId}`, learner);
        if (res.status === 200) seen.push(Number(res.payload['cardsCopied']));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const made = await copy(learner, big.id, { copyId });
    done = true;
    await polling;
    expect(made.cards).toBe(2500);
    expect(seen.at(-1)).toBeLessThanOrEqual(2500);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const count = await t.app.deps.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('owner_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2500);
  });

  // The cards limit is crossed by a copy in test/at-the-limits.test.ts, by an owner who has
  // 100,000 cards already (written once for all of that file's tests).
  it('refuses a copy past the learner’s categories limit and copies nothing', async () => {
    const learner = await createUser(t);
    const deck = await makeDeck(t, owner, { cards: 3, subs: { a: { visibility: 'public' } } });
    const { db } = t.app.deps;
    await insertCategoryTree(db, learner.id, { count: ownerLimits.categoriesMax - 1 });
    const noRoom = await x.call('POST', `/api/explore/decks/${deck.id}/copy`, learner, {});
    expect(noRoom.status).toBe(409);
    expect(noRoom.payload.issues?.[0]?.path).toBe('categories');
    const counts = async (userId: string) => {
      const [categories, cards] = await Promise.all(
        (['categories', 'cards'] as const).map((table) =>
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('owner_id', '=', userId)
            .executeTakeFirstOrThrow(),
        ),
      );
      return [Number(categories?.n), Number(cards?.n)];
    };
    expect(await counts(learner.id)).toEqual([ownerLimits.categoriesMax - 1, 0]);
  });

  it('removes a copy that could not finish: never half a deck', async () => {
    const learner = await createUser(t);
    const big = await makeDeck(t, owner, { cards: 0, subs: { sub: { visibility: 'public' } } });
    await insertCardRows(t.app.deps.db, owner.id, 2500, [big.id]);
    // The second chunk of cards fails to insert (a database gone away, say).
    let inserts = 0;
    const failing: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (
          InsertQueryNode.is(node) &&
          node.into?.table.identifier.name === 'cards' &&
          (inserts += 1) === 2
        ) {
          throw new Error('the database went away');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const deps = t.app.deps;
    const db = deps.db;
    deps.db = db.withPlugin(failing);
    try {
      const res = await x.call('POST', `/api/explore/decks/${big.id}/copy`, learner, {});
      expect(res.status).toBe(500);
    } finally {
      deps.db = db;
    }
    expect(await categoryCalls(() => t).tree(learner)).toEqual([]);
    const left = await db
      .selectFrom('cards')
      .select('id')
      .where('owner_id', '=', learner.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses what is not a public deck (404), and bad input naming the field', async () => {
    const learner = await createUser(t);
    const draft = await makeDeck(t, owner, { visibility: 'private' });
    const deck = await makeDeck(t, owner, { subs: { sub: { visibility: 'public' } } });
    for (const id of [draft.id, deck.categories['sub'], randomUUID()]) {
      const res = await x.call('POST', `/api/explore/decks/${id}/copy`, learner, {});
      expect(res.status).toBe(404);
    }
    for (const [field, body] of [
      ['copyId', { copyId: 'not-a-uuid' }],
      ['copyId', { copyId: 42 }],
      ['other', { other: 1 }],
    ] as const) {
      const res = await x.call('POST', `/api/explore/decks/${deck.id}/copy`, learner, body);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    }
    const badId = await x.call('GET', '/api/explore/copies/nope', learner);
    expect(badId.status).toBe(400);
    expect(badId.payload.issues?.map((issue) => issue.path)).toContain('copyId');
    expect(await categoryCalls(() => t).tree(learner)).toEqual([]);
  });
});
