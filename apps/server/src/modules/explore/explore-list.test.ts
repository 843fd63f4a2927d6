import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { uniqueLabel } from '../categories/sharing.test-support';
import { exploreCalls, makeDeck, type TestDeck } from './explore.test-support';

/**
 * GET /api/explore: the top-level public categories of accounts that are not disabled, with what a
 * stranger reads of them, filtered, sorted and paged (docs/decisions/0022-explore.md).
 */
describe('explore: the list of public decks', () => {
  let t: TestApp;
  let x: ReturnType<typeof exploreCalls>;
  let owner: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    // Every reading of the clock later than the one before: decks made one after the other are
    // published at different times, whatever the machine's speed.
    let last = 0;
    t = await createTestApp({ now: () => (last = Math.max(last + 1, Date.now())) });
    x = exploreCalls(t);
    [owner, learner] = [await createUser(t), await createUser(t)];
  });
  afterAll(async () => {
    await t.close();
  });

  const q = (label: string) => `?q=${encodeURIComponent(label)}`;

  it('lists a public deck with what strangers read of it, and never a private, shared or nested one', async () => {
    const label = uniqueLabel('Listed');
    const deck = await makeDeck(t, owner, {
      name: `${label} deck`,
      subs: {
        open: { visibility: 'public' },
        members: { visibility: 'shared' },
        hidden: { visibility: 'private' },
        underHidden: { visibility: 'public', parent: 'hidden' },
      },
    });
    await makeDeck(t, owner, { name: `${label} private`, visibility: 'private' });
    await makeDeck(t, owner, { name: `${label} shared`, visibility: 'shared' });
    const before = Date.now();
    const page = await x.list(learner, q(label));
    expect(page.items).toHaveLength(1);
    const [item] = page.items;
    expect(item).toMatchObject({
      id: deck.id,
      name: `${label} deck`,
      description: 'A deck to test explore',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      // The deck's own card and those of `open` and `members`: a private one hides its sub-tree.
      cardCount: 3,
      learnerCount: 0,
      owner: { username: owner.username },
      joined: false,
      own: false,
    });
    expect(Date.parse(item?.publishedAt ?? '')).toBeLessThanOrEqual(before);
    expect(Date.parse(item?.updatedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(item?.publishedAt ?? ''),
    );
    expect(page.nextCursor).toBeNull();
    // The public sub-category under the private one is not a deck either.
    expect((await x.list(learner, q('underHidden'))).items).toEqual([]);
    expect((await x.list(owner, q(label))).items.map((i) => i.own)).toEqual([true]);
  });

  it('filters by language pair, by either language, and by the text of the name or the owner', async () => {
    const label = uniqueLabel('Pairs');
    const esEn = await makeDeck(t, owner, { name: `${label} es en`, from: 'es', to: 'en' });
    const frEn = await makeDeck(t, owner, { name: `${label} fr en`, from: 'fr', to: 'en' });
    const esDe = await makeDeck(t, owner, { name: `${label} es de`, from: 'es', to: 'de' });
    const ids = async (query: string) =>
      (await x.list(learner, `${q(label)}&sort=name${query}`)).items.map((item) => item.id);
    expect(await ids('&from=es&to=en')).toEqual([esEn.id]);
    expect(await ids('&from=es')).toEqual([esDe.id, esEn.id]);
    expect(await ids('&to=en')).toEqual([esEn.id, frEn.id]);
    expect(await ids('')).toEqual([esDe.id, esEn.id, frEn.id]);
    expect(await ids('&from=ja&to=en')).toEqual([]);
    const named = await x.list(learner, `${q(label.toUpperCase())}&sort=name`);
    expect(named.items).toHaveLength(3);
    const byOwner = await x.list(learner, `${q(owner.username)}&sort=name&from=fr`);
    expect(byOwner.items.map((item) => item.id)).toContain(frEn.id);
  });

  it('matches accents and any script without case, and a wildcard only as itself', async () => {
    const label = uniqueLabel('Café');
    const cafe = await makeDeck(t, owner, { name: `${label} ΑΘΗΝΑ 图书馆` });
    expect((await x.list(learner, q(label.toUpperCase()))).items.map((i) => i.id)).toEqual([
      cafe.id,
    ]);
    expect((await x.list(learner, q(`${label} αθηνα`))).items.map((i) => i.id)).toEqual([cafe.id]);
    expect((await x.list(learner, q(`${label} ΑΘΗΝΑ 图书`))).items).toHaveLength(1);
    expect((await x.list(learner, q(`${label}%`))).items).toEqual([]);
    expect((await x.list(learner, q(`${label.slice(0, 4)}_`))).items).toEqual([]);
  });

  it('sorts by popular, new and name, and pages through each without a gap or a repeat', async () => {
    const label = uniqueLabel('Sorted');
    const decks: (TestDeck & { name: string })[] = [];
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo']) {
      decks.push({ name, ...(await makeDeck(t, owner, { name: `${label} ${name}` })) });
    }
    // Learners join: echo 3, alpha 2, bravo 1.
    const learners = [await createUser(t), await createUser(t), await createUser(t)];
    const join = async (name: string, count: number) => {
      const deck = decks.find((d) => d.name === name);
      for (const user of learners.slice(0, count)) await x.join(user, deck?.id ?? '');
    };
    await join('echo', 3);
    await join('alpha', 2);
    await join('bravo', 1);
    const all = async (sort: string) => {
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await x.list(
          learner,
          `${q(label)}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        names.push(...page.items.map((item) => item.name.slice(label.length + 1)));
        cursor = page.nextCursor;
      } while (cursor);
      return names;
    };
    expect((await all('popular')).slice(0, 3)).toEqual(['echo', 'alpha', 'bravo']);
    expect(await all('popular')).toHaveLength(5);
    expect(await all('name')).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(await all('new')).toEqual(['bravo', 'charlie', 'echo', 'alpha', 'delta']);
    const first = await x.list(learner, `${q(label)}&sort=popular&limit=1`);
    expect(first.items[0]?.learnerCount).toBe(3);
    // A cursor is valid with its own sort only.
    const wrongSort = await x.call(
      'GET',
      `/api/explore${q(label)}&sort=name&cursor=${first.nextCursor}`,
      learner,
    );
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.payload.issues?.[0]?.path).toBe('cursor');
  });

  it('drops an unpublished deck at once, and lists it as new when published again', async () => {
    const label = uniqueLabel('Toggle');
    const older = await makeDeck(t, owner, { name: `${label} older` });
    const deck = await makeDeck(t, owner, { name: `${label} deck` });
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'shared' });
    expect((await x.list(learner, q(label))).items.map((i) => i.id)).toEqual([older.id]);
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'private' });
    expect((await x.list(learner, q(label))).items.map((i) => i.id)).toEqual([older.id]);
    await x.must('PATCH', `/api/categories/${older.id}`, owner, { visibility: 'private' });
    await x.must('PATCH', `/api/categories/${older.id}`, owner, { visibility: 'public' });
    await x.must('PATCH', `/api/categories/${deck.id}`, owner, { visibility: 'public' });
    const again = await x.list(learner, `${q(label)}&sort=new`);
    expect(again.items.map((i) => i.id)).toEqual([deck.id, older.id]);
  });

  it('drops a deck moved under another category, and the decks of a disabled account', async () => {
    const label = uniqueLabel('Gone');
    const other = await createUser(t);
    const moved = await makeDeck(t, other, { name: `${label} moved` });
    const parent = await makeDeck(t, other, { name: `${label} parent` });
    const kept = await makeDeck(t, owner, { name: `${label} kept` });
    await x.must('PATCH', `/api/categories/${moved.id}`, other, { parentId: parent.id });
    expect((await x.list(learner, `${q(label)}&sort=name`)).items.map((i) => i.id)).toEqual([
      kept.id,
      parent.id,
    ]);
    await t.app.deps.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('id', '=', other.id)
      .execute();
    expect((await x.list(learner, q(label))).items.map((i) => i.id)).toEqual([kept.id]);
  });

  it.each([
    ['from', '?from=xx'],
    ['to', '?to=zz-ZZ-long'],
    ['sort', '?sort=random'],
    ['limit', '?limit=0'],
    ['limit', '?limit=51'],
    ['q', `?q=${'q'.repeat(101)}`],
    ['cursor', '?cursor=not-a-cursor'],
    ['cursor', `?cursor=${Buffer.from('["popular","many","x"]').toString('base64url')}`],
    ['cursor', `?cursor=${Buffer.from('["name",1,"x"]').toString('base64url')}`],
    ['cursor', `?cursor=${Buffer.from('["name","a\\u0000","x"]').toString('base64url')}`],
    ['extra', '?extra=1'],
  ])('answers 400 naming %s', async (field, query) => {
    const res = await x.call('GET', `/api/explore${query}`, learner);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('answers 401 without a bearer', async () => {
    const res = await x.call('GET', '/api/explore', undefined);
    expect(res.status).toBe(401);
  });
});
