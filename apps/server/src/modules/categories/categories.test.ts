import { categoryLimits } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { addMember, byId, caller, cardBody, categoryCalls } from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/** The owner's own categories: the tree, create, rename, move, visibility, delete. */
describe('categories: the tree, create, rename, move, delete', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const { create, tree } = categoryCalls(() => t);

  it('creates root and nested categories, with defaults, visible in the owner’s tree', async () => {
    const user = await createUser(t);
    const res = await api.call('POST', '/api/categories', user, {
      name: '  Verbs  ',
      description: 'Irregular ones',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
    });
    expect(res.status).toBe(201);
    expect(res.payload).toMatchObject({
      name: 'Verbs',
      description: 'Irregular ones',
      visibility: 'private',
      parentId: null,
      depth: 1,
      role: 'owner',
      cardCount: 0,
      memberCount: 0,
      owner: { id: user.id, username: user.username },
    });
    const root = String(res.payload['id']);
    const child = await create(user, { name: 'Ser', parentId: root });
    await api.must('POST', '/api/cards', user, cardBody({ categoryId: child }));
    const items = await tree(user);
    expect(items.map((item) => item.name)).toEqual(['Verbs', 'Ser']);
    expect(byId(items, child)).toMatchObject({ parentId: root, depth: 2, cardCount: 1 });
  });

  it('refuses a sibling with the same name (any case) with 409 naming name', async () => {
    const user = await createUser(t);
    const root = await create(user, { name: 'Food' });
    await create(user, { name: 'Fruit', parentId: root });
    const dup = await api.call('POST', '/api/categories', user, { name: 'FRUIT', parentId: root });
    expect(dup.status).toBe(409);
    expect(dup.payload.issues?.[0]?.path).toBe('name');
    const rootDup = await api.call('POST', '/api/categories', user, { name: 'food' });
    expect(rootDup.status).toBe(409);
    // The same name elsewhere, or for another learner, is fine.
    expect((await api.call('POST', '/api/categories', user, { name: 'Fruit' })).status).toBe(201);
    const other = await createUser(t);
    expect((await api.call('POST', '/api/categories', other, { name: 'Food' })).status).toBe(201);
  });

  it(`refuses a tree deeper than ${categoryLimits.depthMax} levels`, async () => {
    const user = await createUser(t);
    let parentId: string | undefined;
    for (let depth = 1; depth <= categoryLimits.depthMax; depth += 1) {
      parentId = await create(user, { name: `L${depth}`, ...(parentId ? { parentId } : {}) });
    }
    const res = await api.call('POST', '/api/categories', user, { name: 'Too deep', parentId });
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('parentId');
  });

  it.each([
    ['name', {}],
    ['name', { name: '   ' }],
    ['name', { name: 'n'.repeat(categoryLimits.nameMax + 1) }],
    ['description', { name: 'ok', description: 'd'.repeat(categoryLimits.descriptionMax + 1) }],
    ['visibility', { name: 'ok', visibility: 'secret' }],
    ['fromLanguageCode', { name: 'ok', fromLanguageCode: 'klingon' }],
    ['color', { name: 'ok', color: 'red' }],
  ])('POST answers 400 naming %s', async (field, body) => {
    const user = await createUser(t);
    const res = await api.call('POST', '/api/categories', user, body);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    expect(await tree(user)).toEqual([]);
  });

  it('renames and moves a subtree, refusing cycles, depth overflow and name clashes', async () => {
    const user = await createUser(t);
    const a = await create(user, { name: 'A' });
    const b = await create(user, { name: 'B', parentId: a });
    const c = await create(user, { name: 'C', parentId: b });
    const d = await create(user, { name: 'D' });
    const renamed = await api.call('PATCH', `/api/categories/${b}`, user, { name: 'Bee' });
    expect(renamed.payload).toMatchObject({ name: 'Bee' });
    for (const target of [b, c]) {
      const cycle = await api.call('PATCH', `/api/categories/${b}`, user, { parentId: target });
      expect(cycle.status).toBe(400);
      expect(cycle.payload.issues?.[0]?.path).toBe('parentId');
    }
    const moved = await api.call('PATCH', `/api/categories/${b}`, user, { parentId: d });
    expect(moved.status).toBe(200);
    let items = await tree(user);
    expect(byId(items, b)).toMatchObject({ parentId: d, depth: 2 });
    expect(byId(items, c)).toMatchObject({ parentId: b, depth: 3 });
    const toRoot = await api.call('PATCH', `/api/categories/${c}`, user, { parentId: null });
    expect(toRoot.payload).toMatchObject({ parentId: null, depth: 1 });
    // A chain of 7 under "deep" leaves room for one level: B (height 1 now) fits, A+B would not.
    let deep: string | undefined;
    for (let depth = 1; depth < categoryLimits.depthMax; depth += 1) {
      deep = await create(user, { name: `deep${depth}`, ...(deep ? { parentId: deep } : {}) });
    }
    await api.must('PATCH', `/api/categories/${b}`, user, { parentId: a });
    const tooDeep = await api.call('PATCH', `/api/categories/${a}`, user, { parentId: deep });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.payload.issues?.[0]?.path).toBe('parentId');
    await create(user, { name: 'A', parentId: d });
    const clash = await api.call('PATCH', `/api/categories/${a}`, user, { parentId: d });
    expect(clash.status).toBe(409);
    expect(clash.payload.issues?.[0]?.path).toBe('name');
    items = await tree(user);
    expect(byId(items, a)).toMatchObject({ parentId: null, depth: 1 });
    expect(byId(items, b)).toMatchObject({ parentId: a, depth: 2 });
    const bad = await api.call('PATCH', `/api/categories/${a}`, user, { name: '' });
    expect(bad.status).toBe(400);
    expect((await api.call('PATCH', `/api/categories/${a}`, user, {})).status).toBe(400);
  });

  it('PATCH visibility with includeSubcategories gives the whole subtree that visibility', async () => {
    const user = await createUser(t);
    const member = await createUser(t);
    const root = await create(user, { name: 'Root' });
    const mid = await create(user, { name: 'Mid', parentId: root });
    const leaf = await create(user, { name: 'Leaf', parentId: mid });
    const other = await create(user, { name: 'Other' });
    await api.must('POST', '/api/cards', user, cardBody({ categoryId: leaf }));
    // Shared alone: the private sub-categories stay the owner's.
    await api.must('PATCH', `/api/categories/${root}`, user, { visibility: 'shared' });
    await addMember(t, user, root, member, 'viewer');
    expect((await tree(member)).map((item) => item.id)).toEqual([root]);
    expect((await api.call('GET', `/api/categories/${leaf}`, member)).status).toBe(404);

    const res = await api.call('PATCH', `/api/categories/${root}`, user, {
      visibility: 'shared',
      includeSubcategories: true,
    });
    expect(res.status).toBe(200);
    const items = await tree(user);
    for (const id of [root, mid, leaf]) expect(byId(items, id)?.visibility).toBe('shared');
    expect(byId(items, other)?.visibility).toBe('private');
    expect((await tree(member)).map((item) => item.id).sort()).toEqual([root, mid, leaf].sort());
    const leafView = await api.call('GET', `/api/categories/${leaf}`, member);
    expect(leafView.status).toBe(200);
    expect(leafView.payload['category']).toMatchObject({ role: 'viewer', cardCount: 1 });

    // A move and a visibility in one change: the subtree at its new place gets it.
    await api.must('PATCH', `/api/categories/${mid}`, user, {
      parentId: other,
      visibility: 'private',
      includeSubcategories: true,
    });
    const after = await tree(user);
    expect(byId(after, mid)).toMatchObject({ parentId: other, visibility: 'private' });
    expect(byId(after, leaf)).toMatchObject({ depth: 3, visibility: 'private' });
    expect(byId(after, root)?.visibility).toBe('shared');
    expect((await tree(member)).map((item) => item.id)).toEqual([root]);
  });

  it.each([
    ['includeSubcategories', { includeSubcategories: true }],
    ['includeSubcategories', { name: 'Renamed', includeSubcategories: false }],
    ['includeSubcategories', { visibility: 'shared', includeSubcategories: 'yes' }],
  ])('PATCH answers 400 naming %s and changes nothing', async (field, body) => {
    const user = await createUser(t);
    const root = await create(user, { name: 'Root' });
    const child = await create(user, { name: 'Child', parentId: root });
    const res = await api.call('PATCH', `/api/categories/${root}`, user, body);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    const items = await tree(user);
    expect(byId(items, root)).toMatchObject({ name: 'Root', visibility: 'private' });
    expect(byId(items, child)?.visibility).toBe('private');
  });

  it('DELETE ?cards=move moves the subtree’s cards to the parent; ?cards=delete deletes them', async () => {
    const user = await createUser(t);
    const root = await create(user, { name: 'Root' });
    const mid = await create(user, { name: 'Mid', parentId: root });
    const leaf = await create(user, { name: 'Leaf', parentId: mid });
    for (const categoryId of [mid, leaf]) {
      await api.must('POST', '/api/cards', user, cardBody({ categoryId }));
    }
    const moved = await api.call('DELETE', `/api/categories/${mid}?cards=move`, user);
    expect(moved.status).toBe(200);
    expect(moved.payload).toEqual({ cards: 2 });
    expect((await tree(user)).map((item) => item.id)).toEqual([root]);
    const inRoot = await api.call('GET', `/api/cards?categoryId=${root}`, user);
    expect(inRoot.payload['items']).toHaveLength(2);

    const gone = await api.call('DELETE', `/api/categories/${root}?cards=delete`, user);
    expect(gone.payload).toEqual({ cards: 2 });
    expect((await api.call('GET', '/api/cards', user)).payload['items']).toEqual([]);

    const top = await create(user, { name: 'Top' });
    await api.must('POST', '/api/cards', user, cardBody({ categoryId: top }));
    await api.must('DELETE', `/api/categories/${top}?cards=move`, user);
    const loose = await api.call('GET', '/api/cards?categoryId=none', user);
    expect(loose.payload['items']).toHaveLength(1);
    for (const query of ['', '?cards=keep']) {
      const res = await api.call('DELETE', `/api/categories/${top}${query}`, user);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.[0]?.path).toBe('cards');
    }
  });
});
