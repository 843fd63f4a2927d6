import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { addMember } from '../categories/sharing.test-support';
import { exploreCalls } from '../explore/explore.test-support';
import { searchCalls } from './search.test-support';

/**
 * Search reads only what the caller may read, filtered in the query (docs/decisions/0021-search.md):
 * own rows, those shared with them, decks they joined; public decks as their own scope. A stranger
 * learns neither a private row nor that one exists (no count, no `more`). On the database the tests
 * run on (TEST_DB).
 */
describe('search: permissions', () => {
  let t: TestApp;
  let s: ReturnType<typeof searchCalls>;
  let x: ReturnType<typeof exploreCalls>;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    s = searchCalls(t);
    x = exploreCalls(t);
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A word no other test's rows hold. */
  let counter = 0;
  const word = () => `qz${Date.now().toString(36)}${(counter++).toString(36)}`;

  it('never shows a stranger a private card or category, nor that one exists', async () => {
    const w = word();
    const category = await s.addCategory(owner, { name: `${w} private`, description: w });
    const card = await s.addCard(owner, { front: `${w} secret`, categoryId: category });
    const loose = await s.addCard(owner, { front: `${w} loose` });
    const stranger = await createUser(t);
    expect((await s.cardIds(owner, w)).sort()).toEqual([card, loose].sort());
    expect(await s.categoryIds(owner, w)).toEqual([category]);
    for (const scope of ['mine', 'public']) {
      for (const q of [w, w.slice(0, 4), w.slice(2)]) {
        const results = await s.search(stranger, q, `&scope=${scope}&limit=1`);
        expect(results).toEqual({
          cards: { items: [], more: false },
          categories: { items: [], more: false },
        });
      }
    }
    // Naming the category answers as if it did not exist.
    const res = await s.call('GET', `/api/search?q=${w}&categoryId=${category}`, stranger);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.payload)).toContain('categoryId');
    // Anonymous callers are refused.
    expect((await s.call('GET', `/api/search?q=${w}`, undefined)).status).toBe(401);
  });

  it('shows a member the shared rows, down to a private sub-category, while shared', async () => {
    const w = word();
    const shared = await s.addCategory(owner, { name: `${w} shared`, visibility: 'shared' });
    const hidden = await s.addCategory(owner, {
      name: `${w} hidden`,
      visibility: 'private',
      parentId: shared,
    });
    const open = await s.addCard(owner, { front: `${w} open`, categoryId: shared });
    await s.addCard(owner, { front: `${w} closed`, categoryId: hidden });
    const member = await createUser(t);
    const other = await createUser(t);
    await addMember(t, owner, shared, member, 'viewer');
    const found = await s.search(member, w);
    expect(found.cards.items.map((c) => [c.id, c.own])).toEqual([[open, false]]);
    expect(found.categories.items.map((c) => c.id)).toEqual([shared]);
    expect(await s.cardIds(other, w)).toEqual([]);
    // Made private again: the member finds nothing.
    await s.must('PATCH', `/api/categories/${shared}`, owner, { visibility: 'private' });
    expect(await s.cardIds(member, w)).toEqual([]);
    expect(await s.categoryIds(member, w)).toEqual([]);
  });

  it('shows a joined deck while joined, and public decks in the public scope until unpublished', async () => {
    const w = word();
    const deck = await s.addCategory(owner, {
      name: `${w} deck`,
      visibility: 'public',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
    });
    const hidden = await s.addCategory(owner, {
      name: `${w} drafts`,
      visibility: 'private',
      parentId: deck,
    });
    const card = await s.addCard(owner, { front: `${w} público`, categoryId: deck });
    await s.addCard(owner, { front: `${w} borrador`, categoryId: hidden });
    const learner = await createUser(t);
    // Not joined: only the public scope finds it (not its private sub-category).
    expect(await s.cardIds(learner, w)).toEqual([]);
    expect(await s.cardIds(learner, w, '&scope=public')).toEqual([card]);
    expect(await s.categoryIds(learner, w, '&scope=public')).toEqual([deck]);
    // The owner's own deck is theirs, not in their public scope.
    expect(await s.cardIds(owner, w, '&scope=public')).toEqual([]);

    await x.join(learner, deck);
    expect(await s.cardIds(learner, w)).toEqual([card]);
    expect(await s.categoryIds(learner, w)).toEqual([deck]);
    await x.leave(learner, deck);
    expect(await s.cardIds(learner, w)).toEqual([]);

    await x.join(learner, deck);
    await s.must('PATCH', `/api/categories/${deck}`, owner, { visibility: 'private' });
    for (const scope of ['mine', 'public']) {
      expect(await s.cardIds(learner, w, `&scope=${scope}`)).toEqual([]);
      expect(await s.categoryIds(learner, w, `&scope=${scope}`)).toEqual([]);
    }
  });

  it('fills a page with readable rows whatever the unreadable ones around them', async () => {
    const w = word();
    const stranger = await createUser(t);
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) mine.push(await s.addCard(stranger, { front: `${w} mío ${i}` }));
    // Newer unreadable rows that match the same word.
    for (let i = 0; i < 5; i++) await s.addCard(owner, { front: `${w} ajeno ${i}` });
    const page = await s.search(stranger, w, '&limit=2');
    expect(page.cards.items.map((c) => c.id)).toEqual([mine[2], mine[1]]);
    expect(page.cards.more).toBe(true);
  });
});
