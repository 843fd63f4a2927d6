import { randomUUID } from 'node:crypto';
import { categoryMemberViewSchema, ownerLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { insertCategories } from '../categories/categories.repository';
import { addMember } from '../categories/sharing.test-support';
import { exploreCalls, makeDeck, queueCardIds, type TestDeck } from './explore.test-support';

/**
 * Joining a public deck: its cards (those strangers read) enter the learner's study with their own
 * schedule, through the one study rule (canStudy) and the studied set; leaving takes them out of
 * the queue and keeps the history; unpublishing pauses it for those who are not members; the
 * owner sees how many joined, never who (docs/decisions/0022-explore.md).
 */
describe('explore: join and leave a public deck', () => {
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

  const deckWithSubs = () =>
    makeDeck(t, owner, {
      subs: {
        open: { visibility: 'public' },
        members: { visibility: 'shared' },
        hidden: { visibility: 'private' },
        underHidden: { visibility: 'public', parent: 'hidden' },
      },
    });
  const studied = (deck: TestDeck) => [
    deck.cards['deck'],
    deck.cards['open'],
    deck.cards['members'],
  ];
  const review = (user: TestUser, cardId: string | undefined) =>
    x.call('POST', '/api/study/reviews', user, {
      cardId,
      guess: 'the house',
      clientReviewId: randomUUID(),
      elapsedMs: 1200,
    });

  it('puts the deck’s readable cards in the queue, and studies them with the learner’s own schedule', async () => {
    const learner = await createUser(t);
    const deck = await deckWithSubs();
    expect(await queueCardIds(t, learner)).toEqual([]);
    const forbidden = await review(learner, deck.cards['deck']);
    expect(forbidden.status).toBe(403);
    expect(forbidden.payload['message']).toBe('Join this category to study it');

    expect(await x.join(learner, deck.id)).toEqual({ joined: true, learnerCount: 1 });
    expect((await queueCardIds(t, learner)).sort()).toEqual([...studied(deck)].sort());
    expect(await queueCardIds(t, learner, `&categoryId=${deck.categories['open']}`)).toEqual([
      deck.cards['open'],
    ]);
    const hiddenQueue = await x.call(
      'GET',
      `/api/study/queue?categoryId=${deck.categories['hidden']}`,
      learner,
    );
    expect(hiddenQueue.status).toBe(404);
    expect((await review(learner, deck.cards['deck'])).status).toBe(200);
    expect((await review(learner, deck.cards['open'])).status).toBe(200);
    expect((await review(learner, deck.cards['hidden'])).status).toBe(404);
    expect((await x.call('GET', `/api/cards/${deck.cards['deck']}/schedule`, learner)).status).toBe(
      200,
    );
    // The owner's schedule is their own.
    const ownerSchedule = await x.must('GET', `/api/cards/${deck.cards['deck']}/schedule`, owner);
    expect(JSON.stringify(ownerSchedule)).not.toContain('"reps":1');
    const view = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${deck.id}`, learner),
    );
    expect(view.permissions).toMatchObject({ study: true, editCards: false, viewMembers: false });
    expect(view.deck).toEqual({ joined: true, learnerCount: 1 });
    expect(view.category.role).toBeNull();
    expect((await x.call('GET', `/api/categories/${deck.id}/members`, learner)).status).toBe(403);
    // Joining again changes nothing.
    expect(await x.join(learner, deck.id)).toEqual({ joined: true, learnerCount: 1 });
    expect((await x.joined(learner)).map((d) => d.id)).toEqual([deck.id]);
  });

  it('takes the cards out of the queue on leave, keeps the history, and brings the schedule back on joining again', async () => {
    const learner = await createUser(t);
    const deck = await deckWithSubs();
    await x.join(learner, deck.id);
    expect((await review(learner, deck.cards['deck'])).status).toBe(200);
    expect(await x.leave(learner, deck.id)).toEqual({ joined: false, learnerCount: 0 });
    expect(await queueCardIds(t, learner)).toEqual([]);
    expect((await review(learner, deck.cards['open'])).status).toBe(403);
    expect(await x.joined(learner)).toEqual([]);
    const { db } = t.app.deps;
    const kept = await db
      .selectFrom('review_log')
      .select('card_id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(kept.map((row) => row.card_id)).toEqual([deck.cards['deck']]);
    const progress = await db
      .selectFrom('progress')
      .select('reps')
      .where('user_id', '=', learner.id)
      .execute();
    expect(progress).toEqual([{ reps: 1 }]);
    // Leaving again answers the same.
    expect(await x.leave(learner, deck.id)).toEqual({ joined: false, learnerCount: 0 });
    await x.join(learner, deck.id);
    const schedule = await x.must('GET', `/api/cards/${deck.cards['deck']}/schedule`, learner);
    expect(JSON.stringify(schedule)).toContain('"reps":1');
    const ids = await queueCardIds(t, learner);
    expect(ids).not.toContain(deck.cards['deck']);
    expect(ids.sort()).toEqual([deck.cards['open'], deck.cards['members']].sort());
  });

  it('pauses a joined deck that is unpublished, except for its members, and resumes it when published again', async () => {
    const [joiner, member] = [await createUser(t), await createUser(t)];
    const deck = await deckWithSubs();
    await x.join(joiner, deck.id);
    await x.join(member, deck.id);
    await addMember(t, owner, deck.id, member, 'viewer');
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'shared' });
    expect(await queueCardIds(t, joiner)).toEqual([]);
    expect((await review(joiner, deck.cards['deck'])).status).toBe(404);
    expect(await x.joined(joiner)).toEqual([]);
    expect((await x.call('GET', `/api/explore/decks/${deck.id}`, joiner)).status).toBe(404);
    expect((await queueCardIds(t, member)).sort()).toEqual([...studied(deck)].sort());
    expect((await review(member, deck.cards['deck'])).status).toBe(200);
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'public' });
    expect((await queueCardIds(t, joiner)).sort()).toEqual([...studied(deck)].sort());
    expect((await x.joined(joiner)).map((d) => d.learnerCount)).toEqual([2]);
    // A paused join may still be left.
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'private' });
    expect(await x.leave(joiner, deck.id)).toEqual({ joined: false, learnerCount: 1 });
  });

  it('lets the owner see how many joined, never who', async () => {
    const deck = await deckWithSubs();
    const learners = [await createUser(t), await createUser(t)];
    for (const learner of learners) await x.join(learner, deck.id);
    const view = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${deck.id}`, owner),
    );
    expect(view.deck).toEqual({ joined: false, learnerCount: 2 });
    const members = await x.must('GET', `/api/categories/${deck.id}/members`, owner);
    expect(members['items']).toEqual([]);
    const preview = await x.must('GET', `/api/explore/decks/${deck.id}`, owner);
    const list = await x.must('GET', `/api/explore?q=${encodeURIComponent(owner.username)}`, owner);
    for (const answer of [view, members, preview, list]) {
      for (const learner of learners) {
        expect(JSON.stringify(answer)).not.toContain(learner.username);
        expect(JSON.stringify(answer)).not.toContain(learner.id);
      }
    }
  });

  it('refuses the owner’s own deck, a hidden or nested one, and answers 404 to an unknown one', async () => {
    const learner = await createUser(t);
    const deck = await deckWithSubs();
    const own = await x.call('POST', `/api/explore/decks/${deck.id}/join`, owner);
    expect(own.status).toBe(409);
    expect(own.payload.issues?.[0]?.path).toBe('id');
    for (const id of [deck.categories['open'], deck.categories['hidden'], randomUUID()]) {
      const res = await x.call('POST', `/api/explore/decks/${id}/join`, learner);
      expect(res.status).toBe(404);
      expect((await x.call('POST', `/api/explore/decks/${id}/leave`, learner)).status).toBe(404);
    }
    const shared = await makeDeck(t, owner, { visibility: 'shared' });
    await addMember(t, owner, shared.id, learner, 'viewer');
    expect((await x.call('POST', `/api/explore/decks/${shared.id}/join`, learner)).status).toBe(
      404,
    );
    expect(await x.joined(learner)).toEqual([]);
  });

  it(`joins at most ${ownerLimits.joinedDecksMax} public decks per learner, counting those paused apart`, async () => {
    const learner = await createUser(t);
    const other = await createUser(t);
    const decks = Array.from({ length: ownerLimits.joinedDecksMax + 1 }, (_, i) => ({
      id: randomUUID(),
      name: `Deck ${i}`,
    }));
    await insertCategories(
      t.app.deps.db,
      decks.map(({ id, name }) => ({
        id,
        owner_id: other.id,
        parent_id: null,
        parent_key: '',
        path: id,
        depth: 1,
        name,
        name_lower: name.toLowerCase(),
        description: '',
        visibility: 'public',
        from_language_code: 'es',
        to_language_code: 'en',
        created_at: Date.now(),
        updated_at: Date.now(),
      })),
    );
    await t.app.deps.db
      .insertInto('category_joins')
      .values(
        decks.slice(0, ownerLimits.joinedDecksMax - 1).map((deck, i) => ({
          category_id: deck.id,
          user_id: learner.id,
          created_at: Date.now() - 1000 + i,
        })),
      )
      .execute();
    const [last, extra] = decks.slice(ownerLimits.joinedDecksMax - 1);
    expect((await x.join(learner, last?.id ?? '')).joined).toBe(true);
    const refused = await x.call('POST', `/api/explore/decks/${extra?.id}/join`, learner);
    expect(refused.status).toBe(409);
    expect(refused.payload.issues?.[0]?.path).toBe('joined');
    expect((await x.joined(learner)).length).toBe(ownerLimits.joinedDecksMax);
    expect((await queueCardIds(t, learner)).length).toBe(0);
    // A deck unpublished since no longer counts.
    await t.app.deps.db
      .updateTable('categories')
      .set({ visibility: 'private' })
      .where('id', '=', decks[0]?.id ?? '')
      .execute();
    expect((await x.join(learner, extra?.id ?? '')).joined).toBe(true);
  });

  it('joined at once, from many learners and repeatedly, counts each learner once', async () => {
    const deck = await deckWithSubs();
    const learners = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await Promise.all(
      learners.flatMap((learner) => [
        x.call('POST', `/api/explore/decks/${deck.id}/join`, learner),
        x.call('POST', `/api/explore/decks/${deck.id}/join`, learner),
      ]),
    );
    const view = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${deck.id}`, owner),
    );
    expect(view.deck?.learnerCount).toBe(6);
    await Promise.all(
      learners
        .slice(0, 4)
        .flatMap((learner) => [
          x.call('POST', `/api/explore/decks/${deck.id}/leave`, learner),
          x.call('POST', `/api/explore/decks/${deck.id}/leave`, learner),
        ]),
    );
    const after = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${deck.id}`, owner),
    );
    expect(after.deck?.learnerCount).toBe(2);
  });

  it('counts a learner out when their account is deleted', async () => {
    const deck = await deckWithSubs();
    const [stays, goes] = [await createUser(t), await createUser(t)];
    await x.join(stays, deck.id);
    await x.join(goes, deck.id);
    await x.must('POST', '/api/user/delete', goes, { currentPassword: goes.password });
    const view = categoryMemberViewSchema.parse(
      await x.must('GET', `/api/categories/${deck.id}`, owner),
    );
    expect(view.deck?.learnerCount).toBe(1);
  });
});
