import { memberListSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import {
  actors,
  addMember,
  caller,
  cardBody,
  sharedWorld,
  type Actor,
  type SharedWorld,
} from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

describe('category members: list, change role, remove, leave, inheritance', () => {
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

  const membersUrl = (id: string) => `/api/categories/${id}/members`;
  const newShared = async () =>
    String(
      (
        await api.must('POST', '/api/categories', w.users.owner, {
          name: `S ${Math.random()}`,
          visibility: 'shared',
        })
      )['id'],
    );

  it('a member who accepted is listed to the members', async () => {
    const id = await newShared();
    const friend = await createUser(t);
    await addMember(t, w.users.owner, id, friend, 'viewer');
    const list = memberListSchema.parse((await api.call('GET', membersUrl(id), friend)).payload);
    expect(list.items).toEqual([
      { userId: friend.id, username: friend.username, role: 'viewer', addedAt: expect.any(String) },
    ]);
  });

  it('changing a role changes what the member may do; removing ends access', async () => {
    const id = await newShared();
    const friend = await createUser(t);
    await addMember(t, w.users.owner, id, friend, 'viewer');
    const card = await api.must('POST', '/api/cards', w.users.owner, cardBody({ categoryId: id }));
    const cardUrl = `/api/cards/${String(card['id'])}`;
    expect((await api.call('PATCH', cardUrl, friend, { notes: 'x' })).status).toBe(403);
    const promoted = await api.call('PATCH', `${membersUrl(id)}/${friend.id}`, w.users.owner, {
      role: 'editor',
    });
    expect(promoted.payload).toMatchObject({ role: 'editor' });
    expect((await api.call('PATCH', cardUrl, friend, { notes: 'x' })).status).toBe(200);
    const bad = await api.call('PATCH', `${membersUrl(id)}/${friend.id}`, w.users.owner, {
      role: 'admin',
    });
    expect(bad.status).toBe(400);
    const removed = await api.call('DELETE', `${membersUrl(id)}/${friend.id}`, w.users.owner);
    expect(removed.status).toBe(200);
    expect((await api.call('GET', cardUrl, friend)).status).toBe(404);
    expect((await api.call('GET', `/api/categories/${id}`, friend)).status).toBe(404);
    const again = await api.call('DELETE', `${membersUrl(id)}/${friend.id}`, w.users.owner);
    expect(again.status).toBe(404);
  });

  it('a member leaves; the owner cannot', async () => {
    const id = await newShared();
    const friend = await createUser(t);
    await addMember(t, w.users.owner, id, friend, 'editor');
    expect((await api.call('POST', `/api/categories/${id}/leave`, friend)).status).toBe(200);
    expect((await api.call('GET', `/api/categories/${id}`, friend)).status).toBe(404);
    expect((await api.call('POST', `/api/categories/${id}/leave`, friend)).status).toBe(404);
    const owner = await api.call('POST', `/api/categories/${id}/leave`, w.users.owner);
    expect(owner.status).toBe(409);
    const extra = await api.call('POST', `/api/categories/${id}/leave`, w.users.owner, { now: 1 });
    expect(extra.status).toBe(400);
  });

  it('sub-categories inherit the nearest membership; a private one stops it; sharing off pauses it', async () => {
    const { owner } = w.users;
    const id = await newShared();
    const friend = await createUser(t);
    await addMember(t, owner, id, friend, 'viewer');
    const child = String(
      (await api.must('POST', '/api/categories', owner, { name: 'child', parentId: id }))['id'],
    );
    const grandchild = String(
      (await api.must('POST', '/api/categories', owner, { name: 'grand', parentId: child }))['id'],
    );
    const hidden = String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: 'hidden',
          parentId: id,
          visibility: 'private',
        })
      )['id'],
    );
    const role = async (categoryId: string) => {
      const res = await api.call('GET', `/api/categories/${categoryId}`, friend);
      return res.status === 200 ? (res.payload['category'] as { role: string }).role : res.status;
    };
    expect(await role(grandchild)).toBe('viewer');
    expect(await role(hidden)).toBe(404);
    // A nearer membership wins over the inherited one.
    await addMember(t, owner, child, friend, 'editor');
    expect(await role(grandchild)).toBe('editor');
    expect(await role(id)).toBe('viewer');
    const view = await api.call('GET', `/api/categories/${id}`, friend);
    const subs = (view.payload['subcategories'] as { id: string }[]).map((c) => c.id);
    expect(subs).toEqual([child]);
    // Making the shared category private pauses access below it, without losing the members.
    await api.must('PATCH', `/api/categories/${id}`, owner, { visibility: 'private' });
    expect(await role(id)).toBe(404);
    expect(await role(grandchild)).toBe('editor');
    await api.must('PATCH', `/api/categories/${id}`, owner, { visibility: 'shared' });
    expect(await role(id)).toBe('viewer');
  });

  const listMatrix: Record<Actor, number> = {
    owner: 200,
    editor: 200,
    viewer: 200,
    stranger: 404,
    anonymous: 401,
  };
  const manageMatrix: Record<Actor, number> = {
    owner: 200,
    editor: 403,
    viewer: 403,
    stranger: 404,
    anonymous: 401,
  };
  it.each(actors)('member calls as %s', async (actor) => {
    const user = w.as(actor);
    expect((await api.call('GET', membersUrl(w.categoryId), user)).status).toBe(listMatrix[actor]);
    const target = await createUser(t);
    await addMember(t, w.users.owner, w.categoryId, target, 'viewer');
    const url = `${membersUrl(w.categoryId)}/${target.id}`;
    expect((await api.call('PATCH', url, user, { role: 'editor' })).status).toBe(
      manageMatrix[actor],
    );
    expect((await api.call('DELETE', url, user)).status).toBe(manageMatrix[actor]);
    const leave = await api.call('POST', `/api/categories/${w.privateCategoryId}/leave`, user);
    expect(leave.status).toBe({ ...listMatrix, owner: 409, editor: 404, viewer: 404 }[actor]);
  });
});
