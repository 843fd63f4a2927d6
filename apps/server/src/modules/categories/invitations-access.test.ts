import { invitationListSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, sharedWorld, type SharedWorld } from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/** Who may call each invitation call: the owner, the invitee, members, others, admins, nobody. */
describe('invitations: who may call', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let w: SharedWorld;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    w = await sharedWorld(t);
    admin = await createUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  type Caller = 'owner' | 'invitee' | 'editor' | 'viewer' | 'stranger' | 'admin' | 'anonymous';
  const callers: Caller[] = [
    'owner',
    'invitee',
    'editor',
    'viewer',
    'stranger',
    'admin',
    'anonymous',
  ];

  /** A fresh pending invitation of the world's category, and its invitee. */
  async function pending() {
    const invitee = await createUser(t);
    const res = await api.must('POST', `/api/categories/${w.categoryId}/members`, w.users.owner, {
      username: invitee.username,
      role: 'viewer',
    });
    return { invitee, id: String(res['id']) };
  }
  const as = (who: Caller, invitee: TestUser): TestUser | undefined =>
    who === 'invitee'
      ? invitee
      : who === 'admin'
        ? admin
        : who === 'anonymous'
          ? undefined
          : w.users[who];

  const ownerCalls: Record<Caller, number> = {
    owner: 200,
    invitee: 404,
    editor: 403,
    viewer: 403,
    stranger: 404,
    admin: 404,
    anonymous: 401,
  };
  const inviteeCalls: Record<Caller, number> = {
    owner: 403,
    invitee: 200,
    editor: 404,
    viewer: 404,
    stranger: 404,
    admin: 404,
    anonymous: 401,
  };

  it.each(callers)('the owner’s calls as %s', async (who) => {
    const { invitee, id } = await pending();
    const user = as(who, invitee);
    const target = await createUser(t);
    const invite = await api.call('POST', `/api/categories/${w.categoryId}/members`, user, {
      username: target.username,
      role: 'viewer',
    });
    expect(invite.status).toBe(ownerCalls[who] === 200 ? 201 : ownerCalls[who]);
    const list = await api.call('GET', `/api/categories/${w.categoryId}/invitations`, user);
    expect(list.status).toBe(ownerCalls[who]);
    if (list.status !== 200) expect(JSON.stringify(list.payload)).not.toContain(invitee.username);
    const cancel = await api.call(
      'DELETE',
      `/api/categories/${w.categoryId}/invitations/${id}`,
      user,
    );
    expect(cancel.status).toBe(ownerCalls[who]);
    // Refused calls changed nothing: the invitation still waits.
    if (cancel.status !== 200) {
      const mine = invitationListSchema.parse(
        (await api.call('GET', '/api/invitations', invitee)).payload,
      );
      expect(mine.items.map((i) => i.id)).toEqual([id]);
    }
  });

  it.each(callers)('the invitee’s calls as %s', async (who) => {
    for (const verb of ['accept', 'decline'] as const) {
      const { invitee, id } = await pending();
      const user = as(who, invitee);
      const res = await api.call('POST', `/api/invitations/${id}/${verb}`, user);
      expect(res.status, verb).toBe(inviteeCalls[who]);
      const list = await api.call('GET', '/api/invitations', user);
      expect(list.status).toBe(who === 'anonymous' ? 401 : 200);
      if (who === 'anonymous') continue;
      const ids = invitationListSchema.parse(list.payload).items.map((i) => i.id);
      // Only the invitee is shown it, and only until they answer.
      expect(ids).not.toContain(id);
      if (res.status !== 200) {
        const theirs = invitationListSchema.parse(
          (await api.call('GET', '/api/invitations', invitee)).payload,
        );
        expect(theirs.items.map((i) => i.id)).toEqual([id]);
      }
    }
  });

  it('answers 404 for an invitation id that does not exist, to anyone', async () => {
    for (const user of [w.users.owner, w.users.stranger, admin]) {
      expect((await api.call('POST', '/api/invitations/nope/accept', user)).status).toBe(404);
      expect((await api.call('POST', '/api/invitations/nope/decline', user)).status).toBe(404);
      const cancel = await api.call(
        'DELETE',
        `/api/categories/${w.categoryId}/invitations/nope`,
        user,
      );
      expect(cancel.status).toBe(404);
    }
  });
});
