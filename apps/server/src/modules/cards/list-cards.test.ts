import { cardPageSchema, type Card } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  addMember,
  caller,
  sharedWorld,
  type SharedWorld,
} from '../categories/sharing.test-support';

describe('GET /api/cards: filters, sorts and cursor pages', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let clock = Date.UTC(2025, 0, 1);
  let learner: TestUser;
  let parentId: string;
  let childId: string;
  let w: SharedWorld;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    api = caller(t);
    learner = await createUser(t);
    parentId = String((await api.must('POST', '/api/categories', learner, { name: 'P' }))['id']);
    childId = String(
      (await api.must('POST', '/api/categories', learner, { name: 'C', parentId }))['id'],
    );
    // Ten cards, one millisecond apart; fronts in a known order that differs from creation.
    const fronts = [
      'delta',
      'Alpha',
      'echo',
      'bravo',
      'golf',
      'charlie',
      'foxtrot',
      'india',
      'hotel',
      'juliet',
    ];
    for (const [i, front] of fronts.entries()) {
      clock += 1;
      await api.must('POST', '/api/cards', learner, {
        front,
        answers: [i % 2 === 0 ? 'even 50%_off' : 'odd'],
        fromLanguageCode: i < 6 ? 'es' : 'de',
        toLanguageCode: 'en',
        ...(i < 3 ? { categoryId: parentId } : i < 5 ? { categoryId: childId } : {}),
      });
    }
    w = await sharedWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (user: TestUser | undefined, query: string) => {
    const res = await api.call('GET', `/api/cards?${query}`, user);
    return { res, page: res.status === 200 ? cardPageSchema.parse(res.payload) : undefined };
  };
  const fronts = (items: Card[] | undefined) => items?.map((card) => card.front);
  const all = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const { page } = await list(learner, `${query}&limit=${limit}${suffix}`);
      seen.push(...(fronts(page?.items) ?? []));
      cursor = page?.nextCursor ?? null;
    } while (cursor);
    return seen;
  };

  it('lists the learner’s own cards, newest first by default', async () => {
    const { page } = await list(learner, '');
    expect(page?.items).toHaveLength(10);
    expect(page?.items[0]?.front).toBe('juliet');
    expect(page?.nextCursor).toBeNull();
    expect(page?.items.every((card) => card.ownerId === learner.id && card.canEdit)).toBe(true);
  });

  it.each([
    [
      'sort=front',
      ['Alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'],
    ],
    [
      'sort=front&order=desc',
      ['juliet', 'india', 'hotel', 'golf', 'foxtrot', 'echo', 'delta', 'charlie', 'bravo', 'Alpha'],
    ],
    [
      'sort=created&order=asc',
      ['delta', 'Alpha', 'echo', 'bravo', 'golf', 'charlie', 'foxtrot', 'india', 'hotel', 'juliet'],
    ],
    [
      'sort=due',
      ['delta', 'Alpha', 'echo', 'bravo', 'golf', 'charlie', 'foxtrot', 'india', 'hotel', 'juliet'],
    ],
  ])(
    '%s pages through every card once in order, whatever the page size',
    async (query, expected) => {
      expect(await all(query, 3)).toEqual(expected);
      expect(await all(query, 1)).toEqual(expected);
      expect(await all(query, 200)).toEqual(expected);
    },
  );

  it('sort=updated puts the last changed card first', async () => {
    const { page } = await list(learner, 'sort=front&limit=1');
    const first = page?.items[0];
    clock += 1000;
    await api.must('PATCH', `/api/cards/${first?.id ?? ''}`, learner, { notes: 'touched' });
    const updated = await list(learner, 'sort=updated&limit=2');
    expect(fronts(updated.page?.items)).toEqual(['Alpha', 'juliet']);
  });

  it.each([
    [`categoryId=PARENT`, ['delta', 'Alpha', 'echo']],
    [`categoryId=PARENT&includeSubcategories=true`, ['delta', 'Alpha', 'echo', 'bravo', 'golf']],
    [`categoryId=CHILD`, ['bravo', 'golf']],
    [`categoryId=none`, ['charlie', 'foxtrot', 'india', 'hotel', 'juliet']],
    [`from=de`, ['foxtrot', 'india', 'hotel', 'juliet']],
    [`from=es&to=en&categoryId=none`, ['charlie']],
    [`to=fr`, []],
    [`q=ALP`, ['Alpha']],
    [`q=50%25_`, ['delta', 'echo', 'golf', 'foxtrot', 'hotel']],
    [`q=_`, ['delta', 'echo', 'golf', 'foxtrot', 'hotel']],
    [`q=%25`, ['delta', 'echo', 'golf', 'foxtrot', 'hotel']],
  ])('filters %s', async (query, expected) => {
    const resolved = query.replace('PARENT', parentId).replace('CHILD', childId);
    const seen = await all(`${resolved}&sort=created&order=asc`, 2);
    expect(seen).toEqual(expected);
  });

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=201'],
    ['limit', 'limit=ten'],
    ['sort', 'sort=random'],
    ['order', 'order=up'],
    ['from', 'from=xx'],
    ['includeSubcategories', 'includeSubcategories=yes'],
    ['q', `q=${'q'.repeat(201)}`],
    ['cursor', 'cursor=not-a-cursor'],
    ['page', 'page=2'],
  ])('answers 400 naming %s for %s', async (field, query) => {
    const { res } = await list(learner, query);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('refuses a cursor of another sort', async () => {
    const { page } = await list(learner, 'sort=front&limit=2');
    const { res } = await list(learner, `sort=created&cursor=${page?.nextCursor ?? ''}`);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('cursor');
  });

  it('lists a shared category for its members, never for a stranger', async () => {
    for (const [actor, status, canEdit] of [
      ['owner', 200, true],
      ['editor', 200, true],
      ['viewer', 200, false],
      ['stranger', 404, false],
    ] as const) {
      const { res, page } = await list(w.users[actor], `categoryId=${w.categoryId}`);
      expect(res.status).toBe(status);
      if (page) {
        expect(page.items.map((card) => card.id)).toEqual([w.cardId]);
        expect(page.items[0]?.canEdit).toBe(canEdit);
      }
    }
    const stranger = await list(w.users.stranger, `categoryId=${w.privateCategoryId}`);
    expect(stranger.res.status).toBe(404);
    const anonymous = await list(undefined, '');
    expect(anonymous.res.status).toBe(401);
    // The stranger's own list never holds the owner's cards.
    const own = await list(w.users.stranger, '');
    expect(own.page?.items).toEqual([]);
  });
});

describe('GET /api/cards?sort=due: the caller’s own schedule', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let clock = Date.UTC(2025, 0, 1);
  let owner: TestUser;
  let member: TestUser;
  let categoryId: string;
  const ids = new Map<string, string>();
  const review = async (user: TestUser, front: string, guess: string) => {
    clock += 1;
    await api.must('POST', '/api/study/reviews', user, {
      cardId: ids.get(front),
      guess,
      clientReviewId: `due-${front}-${user.username}-${clock}`,
      elapsedMs: 900,
    });
  };
  const all = async (user: TestUser, query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const res = await api.call('GET', `/api/cards?${query}&limit=${limit}${suffix}`, user);
      const page = cardPageSchema.parse(res.payload);
      seen.push(...page.items.map((card) => card.front));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    api = caller(t);
    owner = await createUser(t);
    member = await createUser(t);
    categoryId = String(
      (await api.must('POST', '/api/categories', owner, { name: 'Shared', visibility: 'shared' }))[
        'id'
      ],
    );
    await addMember(t, owner, categoryId, member, 'viewer');
    for (const front of ['a', 'b', 'c', 'd', 'e']) {
      clock += 1;
      const card = await api.must('POST', '/api/cards', owner, {
        front,
        answers: [`${front}-answer`],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId,
      });
      ids.set(front, String(card['id']));
    }
    // The owner: c right (due in days), a wrong (due tomorrow); b, d and e stay new.
    await review(owner, 'c', 'c-answer');
    await review(owner, 'a', 'nothing like it');
    // The member: only e, right.
    await review(member, 'e', 'e-answer');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([1, 2, 3, 200])(
    'lists studied cards by due time, then new cards oldest first (page size %i)',
    async (limit) => {
      expect(await all(owner, 'sort=due', limit)).toEqual(['a', 'c', 'b', 'd', 'e']);
      expect(await all(owner, 'sort=due&order=desc', limit)).toEqual(['e', 'd', 'b', 'c', 'a']);
    },
  );

  it('orders a member’s list by the member’s schedule, not the owner’s', async () => {
    const query = `sort=due&categoryId=${categoryId}`;
    expect(await all(member, query, 2)).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(await all(owner, query, 2)).toEqual(['a', 'c', 'b', 'd', 'e']);
  });

  it('keeps the filters with the due sort', async () => {
    expect(await all(owner, 'sort=due&q=c-ans', 1)).toEqual(['c']);
    expect(await all(owner, 'sort=due&from=de', 1)).toEqual([]);
  });
});
