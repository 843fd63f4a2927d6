import { categoryTreeItemSchema, type CategoryTreeItem } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { checkTreesAfterEach } from '../../../test/tree-invariant';
import { byId, caller, categoryCalls, sharedWorld } from './sharing.test-support';

/**
 * A category's version and the changes that name the version they were made from (issue 14 item
 * 6, docs/decisions/0015-concurrent-writes.md), on both databases.
 */
describe('categories: versions', () => {
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('no app');
    return t;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  checkTreesAfterEach(() => t);

  const { create, tree } = categoryCalls(app);
  const patch = (user: TestUser, id: string, body: Record<string, unknown>) =>
    caller(app()).call('PATCH', `/api/categories/${id}`, user, body);
  const view = async (user: TestUser, id: string): Promise<CategoryTreeItem> =>
    categoryTreeItemSchema.parse(
      (await caller(app()).must('GET', `/api/categories/${id}`, user))['category'],
    );

  it('starts at version 1, shown by the tree and the member view, and each change raises it', async () => {
    const user = await createUser(app());
    const res = await caller(app()).call('POST', '/api/categories', user, { name: 'Verbs' });
    expect(res.payload['version']).toBe(1);
    const id = String(res.payload['id']);
    expect(byId(await tree(user), id)?.version).toBe(1);
    const renamed = await patch(user, id, { name: 'Irregular verbs', expectedVersion: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.payload).toMatchObject({ name: 'Irregular verbs', version: 2 });
    expect((await view(user, id)).version).toBe(2);
    expect(byId(await tree(user), id)?.version).toBe(2);
  });

  it('a stale expectedVersion answers 409 conflict naming expectedVersion, and changes nothing', async () => {
    const user = await createUser(app());
    const id = await create(user, { name: 'Food' });
    const target = await create(user, { name: 'Elsewhere' });
    await caller(app()).must('PATCH', `/api/categories/${id}`, user, { description: 'other tab' });
    const before = await view(user, id);
    for (const body of [
      { name: 'Lost rename' },
      { parentId: target },
      { visibility: 'public', includeSubcategories: true },
    ]) {
      const res = await patch(user, id, { ...body, expectedVersion: 1 });
      expect(res.status).toBe(409);
      expect(res.code).toBe('conflict');
      expect(res.payload.issues?.map((issue) => issue.path)).toEqual(['expectedVersion']);
    }
    expect(await view(user, id)).toEqual(before);
  });

  it('of two tabs renaming from the same version, one applies and the other gets 409', async () => {
    const user = await createUser(app());
    const id = await create(user, { name: 'Original' });
    const answers = await Promise.all([
      patch(user, id, { name: 'Tab one', expectedVersion: 1 }),
      patch(user, id, { name: 'Tab two', expectedVersion: 1 }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.status === 200);
    expect(await view(user, id)).toMatchObject({ name: winner?.payload['name'], version: 2 });
  });

  it('a move raises the version of the category and of every category under it', async () => {
    const user = await createUser(app());
    const root = await create(user, { name: 'Root' });
    const mid = await create(user, { name: 'Mid', parentId: root });
    const leaf = await create(user, { name: 'Leaf', parentId: mid });
    const other = await create(user, { name: 'Other' });
    await caller(app()).must('PATCH', `/api/categories/${mid}`, user, { parentId: other });
    const items = await tree(user);
    expect(byId(items, mid)).toMatchObject({ parentId: other, depth: 2, version: 2 });
    expect(byId(items, leaf)).toMatchObject({ depth: 3, version: 2 });
    expect(byId(items, root)?.version).toBe(1);
    await caller(app()).must('PATCH', `/api/categories/${other}`, user, {
      visibility: 'shared',
      includeSubcategories: true,
    });
    const shared = await tree(user);
    expect(shared.map((item) => [item.name, item.version])).toEqual([
      ['Other', 2],
      ['Root', 1],
      ['Mid', 3],
      ['Leaf', 3],
    ]);
  });

  it('who may not change the category hears so before any version: 404 or 403, never 409', async () => {
    const w = await sharedWorld(app());
    const stale = { description: 'x', expectedVersion: 99 };
    expect((await patch(w.users.stranger, w.categoryId, stale)).status).toBe(404);
    expect((await patch(w.users.editor, w.categoryId, stale)).status).toBe(403);
    expect((await patch(w.users.owner, w.categoryId, stale)).status).toBe(409);
  });

  it('a body of only expectedVersion answers 400 and changes nothing', async () => {
    const user = await createUser(app());
    const id = await create(user, { name: 'Alone' });
    const res = await patch(user, id, { expectedVersion: 1 });
    expect(res.status).toBe(400);
    expect((await view(user, id)).version).toBe(1);
  });
});
