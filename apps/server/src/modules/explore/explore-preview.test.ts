import { randomUUID } from 'node:crypto';
import { exploreLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { addMember } from '../categories/sharing.test-support';
import { exploreCalls, makeDeck } from './explore.test-support';

/**
 * A deck's preview without joining (what strangers read of it: private sub-categories and what
 * they hold left out), the owner's preview of what strangers would see, and reports of a deck
 * landing in the admins' feedback queue (docs/decisions/0022-explore.md).
 */
describe('explore: preview and report a deck', () => {
  let t: TestApp;
  let x: ReturnType<typeof exploreCalls>;
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    let last = 0;
    t = await createTestApp({ now: () => (last = Math.max(last + 1, Date.now())) });
    x = exploreCalls(t);
    [owner, stranger] = [await createUser(t), await createUser(t)];
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the description, the readable sub-categories and the first cards, deck first', async () => {
    const deck = await makeDeck(t, owner, {
      cards: exploreLimits.previewCards + 2,
      subs: {
        open: { visibility: 'public' },
        nested: { visibility: 'shared', parent: 'open' },
        hidden: { visibility: 'private' },
        underHidden: { visibility: 'public', parent: 'hidden' },
      },
    });
    const preview = await x.preview(stranger, deck.id);
    expect(preview.published).toBe(true);
    expect(preview.deck).toMatchObject({ id: deck.id, cardCount: exploreLimits.previewCards + 4 });
    expect(preview.subcategories).toEqual([
      { id: deck.categories['open'], parentId: deck.id, name: 'open', depth: 2, cardCount: 1 },
      {
        id: deck.categories['nested'],
        parentId: deck.categories['open'],
        name: 'nested',
        depth: 3,
        cardCount: 1,
      },
    ]);
    expect(preview.subcategoriesOmitted).toBe(0);
    expect(preview.cards).toHaveLength(exploreLimits.previewCards);
    expect(preview.cards.every((card) => card.categoryId === deck.id)).toBe(true);
    expect(preview.cards[0]).toMatchObject({
      id: deck.cards['deck'],
      answers: ['the house', 'the home'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
    });
    const hiddenIds = [deck.cards['hidden'], deck.cards['underHidden']];
    expect(preview.cards.some((card) => hiddenIds.includes(card.id))).toBe(false);
    // Previewing writes nothing: not a join, not a schedule.
    const { db } = t.app.deps;
    expect(
      await db
        .selectFrom('category_joins')
        .selectAll()
        .where('user_id', '=', stranger.id)
        .execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('progress').selectAll().where('user_id', '=', stranger.id).execute(),
    ).toEqual([]);
  });

  it('shows the cards of the sub-categories after the deck’s own, when it has few', async () => {
    const deck = await makeDeck(t, owner, {
      subs: { b: { visibility: 'public' }, a: { visibility: 'shared' } },
    });
    const preview = await x.preview(stranger, deck.id);
    expect(preview.cards.map((card) => card.id)).toEqual([
      deck.cards['deck'],
      deck.cards['a'],
      deck.cards['b'],
    ]);
  });

  it('shows the owner any top-level category as strangers would see it, and nobody else', async () => {
    const draft = await makeDeck(t, owner, {
      visibility: 'private',
      subs: { open: { visibility: 'public' }, hidden: { visibility: 'private' } },
    });
    const preview = await x.preview(owner, draft.id);
    expect(preview.published).toBe(false);
    expect(preview.deck.own).toBe(true);
    expect(preview.deck.publishedAt).toBeNull();
    expect(preview.deck.cardCount).toBe(2);
    expect(preview.subcategories.map((c) => c.name)).toEqual(['open']);
    expect(preview.cards.map((c) => c.id).sort()).toEqual(
      [draft.cards['deck'], draft.cards['open']].sort(),
    );
    const member = await createUser(t);
    const shared = await makeDeck(t, owner, { visibility: 'shared' });
    await addMember(t, owner, shared.id, member, 'viewer');
    const published = await makeDeck(t, owner, { subs: { sub: { visibility: 'public' } } });
    for (const [user, id] of [
      [stranger, draft.id],
      [member, shared.id],
      [owner, published.categories['sub']],
      [stranger, published.categories['sub']],
      [stranger, randomUUID()],
    ] as const) {
      const res = await x.call('GET', `/api/explore/decks/${id}`, user);
      expect(res.status).toBe(404);
      expect(res.payload['message']).toBe('Deck not found');
    }
  });

  it('files a report in the admins’ feedback queue with the deck’s link', async () => {
    const deck = await makeDeck(t, owner, { name: 'Reported deck' });
    const res = await x.call('POST', `/api/explore/decks/${deck.id}/report`, stranger, {
      reason: 'wrong',
      message: '  “la casa” is not “the car”  ',
    });
    expect(res.status).toBe(201);
    const row = await t.app.deps.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', String(res.payload['id']))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: stranger.id,
      kind: 'report',
      status: 'new',
      page: `/app/explore?deck=${deck.id}`,
    });
    expect(row.message).toBe(
      `Report of the deck “Reported deck” by ${owner.username} (wrong content):\n“la casa” is not “the car”`,
    );
    const exported = await x.must('GET', '/api/user/export', stranger);
    expect(exported['feedback']).toMatchObject([{ kind: 'report' }]);
  });

  it('refuses a report of a deck the learner may not see, and bad input naming the field', async () => {
    const draft = await makeDeck(t, owner, { visibility: 'private' });
    const body = { reason: 'abuse', message: 'spam' };
    const hidden = await x.call('POST', `/api/explore/decks/${draft.id}/report`, stranger, body);
    expect(hidden.status).toBe(404);
    const deck = await makeDeck(t, owner);
    for (const [field, payload] of [
      ['reason', { message: 'spam' }],
      ['reason', { reason: 'boring', message: 'spam' }],
      ['message', { reason: 'abuse', message: '   ' }],
      ['message', { reason: 'abuse', message: 'm'.repeat(exploreLimits.reportMessageMax + 1) }],
      ['page', { ...body, page: '/elsewhere' }],
    ] as const) {
      const res = await x.call('POST', `/api/explore/decks/${deck.id}/report`, stranger, payload);
      expect(res.status, field).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    }
    const rows = await t.app.deps.db
      .selectFrom('feedback')
      .select('id')
      .where('user_id', '=', stranger.id)
      .where('page', '=', `/app/explore?deck=${draft.id}`)
      .execute();
    expect(rows).toEqual([]);
  });
});
