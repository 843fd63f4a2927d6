import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { insertMemberships } from '../../../test/bulk-rows';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, cardBody, categoryCalls } from '../categories/sharing.test-support';

/**
 * What a member studies, as the queue, the summary and the tree find it through the memberships
 * (a recursive query since the categories of any number of owners may be reached): the nearest
 * membership grants, a private category stops the walk up, a public one read without membership
 * is not studied (unless the deck was joined: docs/decisions/0022-explore.md), a membership on a
 * category turned private is paused.
 */
describe('what a member studies', () => {
  let t: TestApp;
  let owner: TestUser;
  let learner: TestUser;
  const ids: Record<string, string> = {};
  const cards: Record<string, string> = {};
  const { create } = categoryCalls(() => t);
  const make = async (name: string, visibility: string, parent?: string) => {
    ids[name] = await create(owner, {
      name,
      visibility,
      ...(parent ? { parentId: ids[parent] } : {}),
    });
    cards[name] = String(
      (
        await caller(t).must(
          'POST',
          '/api/cards',
          owner,
          cardBody({ front: `card ${name}`, categoryId: ids[name] }),
        )
      )['id'],
    );
  };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    learner = await createUser(t);
    await make('A', 'shared');
    await make('B', 'private', 'A');
    await make('C', 'shared', 'B');
    await make('D', 'shared', 'A');
    await make('E', 'public', 'D');
    await make('F', 'shared');
    await make('G', 'public');
    await make('H', 'shared');
    await insertMemberships(t.app.deps.db, learner.id, [ids['A'] ?? '', ids['H'] ?? '']);
    await caller(t).must('PATCH', `/api/categories/${ids['H']}`, owner, { visibility: 'private' });
  });
  afterAll(async () => {
    await t.close();
  });

  const studied = async (query = '') => {
    const res = await caller(t).call('GET', `/api/study/queue${query}`, learner);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    const items = res.payload['items'] as { cardId: string }[];
    const names = Object.entries(cards).filter(([, id]) => items.some((i) => i.cardId === id));
    return names.map(([name]) => name).sort();
  };
  const treeNames = async () => {
    const items = await categoryCalls(() => t).tree(learner);
    return Object.entries(ids)
      .filter(([, id]) => items.some((item) => item.id === id))
      .map(([name]) => name)
      .sort();
  };
  const newToday = async () =>
    (await caller(t).must('GET', '/api/study/summary', learner))['newToday'];

  it('through a membership, down to a private category', async () => {
    expect(await studied()).toEqual(['A', 'D', 'E']);
    expect(await studied(`?categoryId=${ids['D']}`)).toEqual(['D', 'E']);
    expect(await treeNames()).toEqual(['A', 'D', 'E']);
    expect(await newToday()).toBe(3);
  });

  it('and through a membership under the private category', async () => {
    await insertMemberships(t.app.deps.db, learner.id, [ids['C'] ?? '']);
    expect(await studied()).toEqual(['A', 'C', 'D', 'E']);
    expect(await studied(`?categoryId=${ids['A']}`)).toEqual(['A', 'C', 'D', 'E']);
    expect(await treeNames()).toEqual(['A', 'C', 'D', 'E']);
    expect(await newToday()).toBe(4);
  });
  it('and through a joined public deck, down to a private category, while the deck is public', async () => {
    await make('G1', 'shared', 'G');
    await make('G2', 'private', 'G');
    await make('G3', 'public', 'G2');
    await caller(t).must('POST', `/api/explore/decks/${ids['G']}/join`, learner);
    expect(await studied()).toEqual(['A', 'C', 'D', 'E', 'G', 'G1']);
    expect(await studied(`?categoryId=${ids['G']}`)).toEqual(['G', 'G1']);
    // Joined decks are listed apart (GET /api/explore/joined), not in the tree of memberships.
    expect(await treeNames()).toEqual(['A', 'C', 'D', 'E']);
    expect(await newToday()).toBe(6);
    // The one rule agrees, card by card: studied, read only (403) or hidden (404).
    const reviewStatus = async (name: string) =>
      (
        await caller(t).call('POST', '/api/study/reviews', learner, {
          cardId: cards[name],
          guess: 'the house',
          clientReviewId: randomUUID(),
          elapsedMs: 1000,
        })
      ).status;
    expect(await reviewStatus('G1')).toBe(200);
    expect(await reviewStatus('G2')).toBe(404);
    expect(await reviewStatus('G3')).toBe(403);
    await caller(t).must('PATCH', `/api/categories/${ids['G']}`, owner, { visibility: 'shared' });
    expect(await studied()).toEqual(['A', 'C', 'D', 'E']);
    expect(await reviewStatus('G')).toBe(404);
  });
});
