import { categoryMemberViewSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  actors,
  addMember,
  byId,
  caller,
  cardBody,
  categoryCalls,
  sharedWorld,
  type Actor,
  type SharedWorld,
} from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/** What members, strangers and anonymous callers see of a category and may do with it. */
describe('categories: the member view and what each role may do', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let w: SharedWorld;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    w = await sharedWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const { create, tree } = categoryCalls(() => t);

  it('the member view names the ancestors, root first, after moves too; a member sees only theirs', async () => {
    const user = await createUser(t);
    const spanish = await create(user, { name: 'Spanish' });
    const food = await create(user, { name: 'Food' });
    const fruit = await create(user, { name: 'Fruit' });
    await api.must('PATCH', `/api/categories/${fruit}`, user, { parentId: food });
    await api.must('PATCH', `/api/categories/${food}`, user, { parentId: spanish });
    const view = async (id: string, as: TestUser) =>
      categoryMemberViewSchema.parse((await api.call('GET', `/api/categories/${id}`, as)).payload);
    expect((await view(fruit, user)).ancestors).toEqual([
      { id: spanish, name: 'Spanish' },
      { id: food, name: 'Food' },
    ]);
    expect((await view(food, user)).ancestors).toEqual([{ id: spanish, name: 'Spanish' }]);
    expect((await view(spanish, user)).ancestors).toEqual([]);

    // Shared from the middle: the member's breadcrumbs stop at the private root above it.
    await api.must('PATCH', `/api/categories/${food}`, user, {
      visibility: 'shared',
      includeSubcategories: true,
    });
    const member = await createUser(t);
    await addMember(t, user, food, member, 'viewer');
    expect((await view(fruit, member)).ancestors).toEqual([{ id: food, name: 'Food' }]);
    expect((await view(food, member)).ancestors).toEqual([]);
  });

  it('a member’s tree holds the shared category with their role, not the owner’s private ones', async () => {
    const child = await create(w.users.owner, { name: 'Shared child', parentId: w.categoryId });
    const hidden = await create(w.users.owner, {
      name: 'Hidden child',
      parentId: w.categoryId,
      visibility: 'private',
    });
    for (const actor of ['editor', 'viewer'] as const) {
      const items = await tree(w.users[actor]);
      expect(byId(items, w.categoryId)).toMatchObject({
        role: actor,
        cardCount: 1,
        owner: { id: w.users.owner.id, username: w.users.owner.username },
      });
      expect(byId(items, child)).toMatchObject({ role: actor, parentId: w.categoryId });
      expect(byId(items, hidden)).toBeUndefined();
      expect(byId(items, w.privateCategoryId)).toBeUndefined();
    }
    expect(await tree(w.users.stranger)).toEqual([]);
    expect((await api.call('GET', '/api/categories', undefined)).status).toBe(401);
  });

  const viewMatrix: Record<Actor, number> = {
    owner: 200,
    editor: 200,
    viewer: 200,
    stranger: 404,
    anonymous: 401,
  };
  it.each(actors)('GET /api/categories/{id} as %s', async (actor) => {
    const res = await api.call('GET', `/api/categories/${w.categoryId}`, w.as(actor));
    expect(res.status).toBe(viewMatrix[actor]);
    if (res.status === 200) {
      const view = categoryMemberViewSchema.parse(res.payload);
      expect(view.category.role).toBe(actor);
      expect(view.permissions).toEqual({
        study: true,
        editCards: actor !== 'viewer',
        manage: actor === 'owner',
        viewMembers: true,
        leave: actor !== 'owner',
      });
    }
    const hidden = await api.call('GET', `/api/categories/${w.privateCategoryId}`, w.as(actor));
    expect(hidden.status).toBe(actor === 'owner' ? 200 : actor === 'anonymous' ? 401 : 404);
  });

  const manageMatrix: Record<Actor, number> = {
    owner: 200,
    editor: 403,
    viewer: 403,
    stranger: 404,
    anonymous: 401,
  };
  it.each(actors)('PATCH and DELETE of a shared category as %s', async (actor) => {
    const id = await create(w.users.owner, { name: `Managed ${actor}`, visibility: 'shared' });
    if (actor === 'editor' || actor === 'viewer') {
      await addMember(t, w.users.owner, id, w.users[actor], actor);
    }
    const user = w.as(actor);
    const patch = await api.call('PATCH', `/api/categories/${id}`, user, { name: `By ${actor}` });
    expect(patch.status).toBe(manageMatrix[actor]);
    const del = await api.call('DELETE', `/api/categories/${id}?cards=delete`, user);
    expect(del.status).toBe(manageMatrix[actor]);
    const view = await api.call('GET', `/api/categories/${id}`, w.users.owner);
    expect(view.status).toBe(del.status === 200 ? 404 : 200);
  });

  it.each(actors)('PATCH includeSubcategories as %s', async (actor) => {
    const root = await create(w.users.owner, { name: `Cascade ${actor}`, visibility: 'shared' });
    const child = await create(w.users.owner, {
      name: 'Kept private',
      parentId: root,
      visibility: 'private',
    });
    if (actor === 'editor' || actor === 'viewer') {
      await addMember(t, w.users.owner, root, w.users[actor], actor);
    }
    const res = await api.call('PATCH', `/api/categories/${root}`, w.as(actor), {
      visibility: 'shared',
      includeSubcategories: true,
    });
    expect(res.status).toBe(manageMatrix[actor]);
    const expected = actor === 'owner' ? 'shared' : 'private';
    expect(byId(await tree(w.users.owner), child)?.visibility).toBe(expected);
  });

  it.each(actors)('POST a sub-category of the shared category as %s', async (actor) => {
    const res = await api.call('POST', '/api/categories', w.as(actor), {
      name: `Sub by ${actor}`,
      parentId: w.categoryId,
    });
    expect(res.status).toBe({ ...manageMatrix, owner: 201 }[actor]);
    if (actor === 'stranger') expect(res.payload.issues?.[0]?.path).toBe('parentId');
  });

  it('a public category is readable by anyone signed in, without member rights', async () => {
    const id = await create(w.users.owner, { name: 'Public deck', visibility: 'public' });
    const card = await api.must('POST', '/api/cards', w.users.owner, cardBody({ categoryId: id }));
    const view = await api.call('GET', `/api/categories/${id}`, w.users.stranger);
    expect(view.status).toBe(200);
    expect(view.payload['permissions']).toEqual({
      study: false,
      editCards: false,
      manage: false,
      viewMembers: false,
      leave: false,
    });
    const read = await api.call('GET', `/api/cards/${String(card['id'])}`, w.users.stranger);
    expect(read.payload).toMatchObject({ canEdit: false });
    const edit = await api.call('PATCH', `/api/cards/${String(card['id'])}`, w.users.stranger, {
      notes: 'vandal',
    });
    expect(edit.status).toBe(403);
    expect((await api.call('GET', `/api/categories/${id}/members`, w.users.stranger)).status).toBe(
      403,
    );
    expect(byId(await tree(w.users.stranger), id)).toBeUndefined();
  });
});
