import { invitationListSchema, invitationSchema, type Invitation } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { addMember, caller, cardBody, uniqueLabel } from './sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/** Members join by accepting an invitation (docs/decisions/0016-invitations.md). */
describe('invitations: invite, accept, decline, cancel', () => {
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

  const invite = (owner: TestUser, categoryId: string, username: string, role = 'viewer') =>
    api.call('POST', `/api/categories/${categoryId}/members`, owner, { username, role });
  const mustInvite = async (
    owner: TestUser,
    categoryId: string,
    invitee: TestUser,
    role = 'viewer',
  ) => {
    const res = await invite(owner, categoryId, invitee.username, role);
    expect(res.status, JSON.stringify(res.payload)).toBe(201);
    return invitationSchema.parse(res.payload);
  };
  const received = async (user: TestUser) =>
    invitationListSchema.parse((await api.call('GET', '/api/invitations', user)).payload).items;
  const pendingOf = async (owner: TestUser, categoryId: string) =>
    invitationListSchema.parse(
      (await api.call('GET', `/api/categories/${categoryId}/invitations`, owner)).payload,
    ).items;
  const answer = (user: TestUser, id: string, verb: 'accept' | 'decline') =>
    api.call('POST', `/api/invitations/${id}/${verb}`, user);
  const invitationMails = (user: TestUser) =>
    t.inbox.messages.filter(
      (m) => m.to === user.email.toLowerCase() && /invites you to/.test(m.subject),
    );
  /** The category's name as an invitation mail's subject quotes it. */
  const invitationCategory = (mail: { subject: string }) => /«(.+)»/.exec(mail.subject)?.[1];
  const queueCards = async (user: TestUser) =>
    ((await api.must('GET', '/api/study/queue', user))['items'] as { cardId: string }[]).map(
      (item) => item.cardId,
    );
  const treeIds = async (user: TestUser) =>
    ((await api.must('GET', '/api/categories', user))['items'] as { id: string }[]).map(
      (item) => item.id,
    );

  /** An owner with a shared category holding two cards. */
  async function deck(visibility = 'shared') {
    const owner = await createUser(t);
    const categoryId = String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: uniqueLabel('Deck'),
          visibility,
        })
      )['id'],
    );
    const cardIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      cardIds.push(
        String((await api.must('POST', '/api/cards', owner, cardBody({ categoryId })))['id']),
      );
    }
    return { owner, categoryId, cardIds };
  }

  it('an invitation is pending until accepted: no access, no cards in the queue; accepting opens both', async () => {
    const { owner, categoryId, cardIds } = await deck();
    const invitee = await createUser(t);
    const res = await invite(owner, categoryId, invitee.username.toUpperCase(), 'editor');
    expect(res.status).toBe(201);
    const invitation = invitationSchema.parse(res.payload);
    expect(invitation).toMatchObject({
      category: { id: categoryId },
      owner: { id: owner.id, username: owner.username },
      invitee: { id: invitee.id, username: invitee.username },
      role: 'editor',
      status: 'pending',
      cardCount: 2,
    });

    // Not a member yet: nothing of the category reaches the invitee.
    expect((await api.call('GET', `/api/categories/${categoryId}`, invitee)).status).toBe(404);
    expect(await treeIds(invitee)).toEqual([]);
    expect(await queueCards(invitee)).toEqual([]);
    const review = await api.call('POST', '/api/study/reviews', invitee, {
      cardId: cardIds[0],
      guess: 'the house',
      clientReviewId: `r-${invitation.id}`,
      elapsedMs: 1000,
    });
    expect(review.status).toBe(404);
    const members = await api.must('GET', `/api/categories/${categoryId}/members`, owner);
    expect(members['items']).toEqual([]);

    // The owner sees it waiting; the invitee sees it with the category, owner, role and cards.
    expect(await pendingOf(owner, categoryId)).toEqual([invitation]);
    expect(await received(invitee)).toEqual([invitation]);

    const accepted = await answer(invitee, invitation.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.payload).toMatchObject({ id: invitation.id, status: 'accepted' });
    expect(await received(invitee)).toEqual([]);
    expect(await pendingOf(owner, categoryId)).toEqual([]);
    expect(await treeIds(invitee)).toEqual([categoryId]);
    expect((await queueCards(invitee)).sort()).toEqual([...cardIds].sort());
    const list = await api.must('GET', `/api/categories/${categoryId}/members`, owner);
    expect(list['items']).toEqual([
      expect.objectContaining({ userId: invitee.id, role: 'editor' }),
    ]);

    const twice = await answer(invitee, invitation.id, 'accept');
    expect(twice.status).toBe(409);
    expect(twice.payload.issues?.[0]?.path).toBe('status');
    const declineAfter = await answer(invitee, invitation.id, 'decline');
    expect(declineAfter.status).toBe(409);
    // A member is not invited again.
    const again = await invite(owner, categoryId, invitee.username);
    expect(again.status).toBe(409);
    expect(again.payload.issues?.[0]?.path).toBe('username');
  });

  it('a declined invitation leaves no member and no cards in the queue; the owner may invite again', async () => {
    const { owner, categoryId } = await deck();
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    const declined = await answer(invitee, invitation.id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.payload).toMatchObject({ status: 'declined' });
    expect(await received(invitee)).toEqual([]);
    expect(await pendingOf(owner, categoryId)).toEqual([]);
    expect(await queueCards(invitee)).toEqual([]);
    expect(
      (await api.must('GET', `/api/categories/${categoryId}/members`, owner))['items'],
    ).toEqual([]);
    const late = await answer(invitee, invitation.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.payload.issues?.[0]?.path).toBe('status');
    expect(late.payload.message).toMatch(/declined/);
    const next = await mustInvite(owner, categoryId, invitee);
    expect(next.id).not.toBe(invitation.id);
  });

  it('a cancelled invitation cannot be accepted and leaves no member', async () => {
    const { owner, categoryId } = await deck();
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    const url = `/api/categories/${categoryId}/invitations/${invitation.id}`;
    const cancelled = await api.call('DELETE', url, owner);
    expect(cancelled.status).toBe(200);
    expect(cancelled.payload).toMatchObject({ status: 'cancelled' });
    expect(await received(invitee)).toEqual([]);
    const accept = await answer(invitee, invitation.id, 'accept');
    expect(accept.status).toBe(409);
    expect(accept.payload.issues?.[0]?.path).toBe('status');
    expect(accept.payload.message).toMatch(/cancelled/);
    expect((await api.call('DELETE', url, owner)).status).toBe(409);
    expect(await queueCards(invitee)).toEqual([]);
    expect(
      (await api.must('GET', `/api/categories/${categoryId}/members`, owner))['items'],
    ).toEqual([]);
    // An invitation of another category is not found under this one.
    const other = await deck();
    const elsewhere = await mustInvite(other.owner, other.categoryId, invitee);
    const wrong = `/api/categories/${categoryId}/invitations/${elsewhere.id}`;
    expect((await api.call('DELETE', wrong, owner)).status).toBe(404);
  });

  it('refuses oneself, a member, a second invitation, a private category and an unknown or disabled user', async () => {
    const { owner, categoryId } = await deck();
    const self = await invite(owner, categoryId, owner.username);
    expect(self.status).toBe(409);
    expect(self.payload.issues?.[0]?.path).toBe('username');

    const member = await createUser(t);
    await addMember(t, owner, categoryId, member, 'viewer');
    const existing = await invite(owner, categoryId, member.username);
    expect(existing.status).toBe(409);
    expect(existing.payload.issues?.[0]?.path).toBe('username');

    const waiting = await createUser(t);
    await mustInvite(owner, categoryId, waiting);
    const twice = await invite(owner, categoryId, waiting.username, 'editor');
    expect(twice.status).toBe(409);
    expect(twice.payload.issues?.[0]?.path).toBe('username');

    const privateId = String(
      (await api.must('POST', '/api/categories', owner, { name: uniqueLabel('Mine') }))['id'],
    );
    const priv = await invite(owner, privateId, waiting.username);
    expect(priv.status).toBe(409);
    expect(priv.payload.issues?.[0]?.path).toBe('visibility');

    const unknown = await invite(owner, categoryId, 'nobody_here_at_all');
    expect(unknown.status).toBe(404);
    expect(unknown.payload.issues?.[0]?.path).toBe('username');
    const disabled = await createUser(t, { disabled: true });
    expect((await invite(owner, categoryId, disabled.username)).status).toBe(404);
    // None of the refused calls left an invitation.
    expect((await pendingOf(owner, categoryId)).map((i) => i.invitee.id)).toEqual([waiting.id]);
  });

  it.each([
    ['username', { username: 'x', role: 'viewer' }],
    ['username', { role: 'viewer' }],
    ['role', { username: 'someone', role: 'owner' }],
    ['role', { username: 'someone' }],
    ['extra', { username: 'someone', role: 'viewer', extra: 1 }],
  ])('an invitation answers 400 naming %s and changes nothing', async (field, body) => {
    const { owner, categoryId } = await deck();
    const res = await api.call('POST', `/api/categories/${categoryId}/members`, owner, body);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    expect(await pendingOf(owner, categoryId)).toEqual([]);
  });

  it('answers 400 naming the field for a bad id or a body on accept and decline', async () => {
    const { owner, categoryId } = await deck();
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    for (const verb of ['accept', 'decline']) {
      const body = await api.call('POST', `/api/invitations/${invitation.id}/${verb}`, invitee, {
        now: 1,
      });
      expect(body.status).toBe(400);
      const long = await api.call('POST', `/api/invitations/${'x'.repeat(65)}/${verb}`, invitee);
      expect(long.status).toBe(400);
      expect(long.payload.issues?.map((issue) => issue.path)).toContain('id');
    }
    const cancel = await api.call(
      'DELETE',
      `/api/categories/${categoryId}/invitations/${'x'.repeat(65)}`,
      owner,
    );
    expect(cancel.status).toBe(400);
    expect(cancel.payload.issues?.map((issue) => issue.path)).toContain('invitationId');
    expect(await received(invitee)).toEqual([invitation]);
  });

  it('a category deleted while an invitation waits takes the invitation with it', async () => {
    const { owner, categoryId } = await deck();
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    await api.must('DELETE', `/api/categories/${categoryId}?cards=delete`, owner);
    expect(await received(invitee)).toEqual([]);
    expect((await answer(invitee, invitation.id, 'accept')).status).toBe(404);
    expect((await answer(invitee, invitation.id, 'decline')).status).toBe(404);
    expect(await treeIds(invitee)).toEqual([]);
  });

  it('a category made private pauses its invitations; shared again, they can be accepted', async () => {
    const { owner, categoryId, cardIds } = await deck();
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    await api.must('PATCH', `/api/categories/${categoryId}`, owner, { visibility: 'private' });
    expect(await received(invitee)).toEqual([]);
    // The owner still sees it waiting, and may cancel it.
    expect((await pendingOf(owner, categoryId)).map((i) => i.id)).toEqual([invitation.id]);
    const paused = await answer(invitee, invitation.id, 'accept');
    expect(paused.status).toBe(409);
    expect(paused.payload.issues?.[0]?.path).toBe('visibility');
    expect(await queueCards(invitee)).toEqual([]);

    await api.must('PATCH', `/api/categories/${categoryId}`, owner, { visibility: 'public' });
    expect((await received(invitee)).map((i) => i.id)).toEqual([invitation.id]);
    expect((await answer(invitee, invitation.id, 'accept')).status).toBe(200);
    expect((await queueCards(invitee)).sort()).toEqual([...cardIds].sort());
  });

  it('counts the cards the membership opens: sub-categories too, not the private ones', async () => {
    const { owner, categoryId } = await deck();
    const child = String(
      (await api.must('POST', '/api/categories', owner, { name: 'child', parentId: categoryId }))[
        'id'
      ],
    );
    const hidden = String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: 'hidden',
          parentId: categoryId,
          visibility: 'private',
        })
      )['id'],
    );
    const underHidden = String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: 'under hidden',
          parentId: hidden,
          visibility: 'shared',
        })
      )['id'],
    );
    for (const id of [child, child, child, hidden, underHidden]) {
      await api.must('POST', '/api/cards', owner, cardBody({ categoryId: id }));
    }
    const invitee = await createUser(t);
    const invitation = await mustInvite(owner, categoryId, invitee);
    expect(invitation.cardCount).toBe(5);
    await answer(invitee, invitation.id, 'accept');
    expect(await queueCards(invitee)).toHaveLength(5);
  });

  it('mails a verified invitee once, with a link into the app; an unverified address gets nothing', async () => {
    const { owner, categoryId } = await deck();
    const verified = await createUser(t, { verified: true });
    const invitation = await mustInvite(owner, categoryId, verified);
    await t.idle();
    const mails = invitationMails(verified);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no invitation mail');
    expect(mail.subject).toContain(owner.username);
    expect(mail.text).toContain(invitation.category.name);
    expect(mail.text).toContain('2 cards');
    const link = new URL(t.inbox.linkIn(mail));
    expect(link.origin).toBe(t.config.publicUrl);
    expect(link.pathname).toBe('/app/dashboard');
    expect(link.searchParams.get('invitation')).toBe(invitation.id);
    // Accepting sends nothing more.
    await answer(verified, invitation.id, 'accept');
    const unverified = await createUser(t);
    await mustInvite(owner, categoryId, unverified);
    await t.idle();
    expect(invitationMails(verified)).toHaveLength(1);
    expect(invitationMails(unverified)).toEqual([]);
  });

  it('mails the invitation in the invitee’s language, not the owner’s (decision 0037)', async () => {
    const { owner, categoryId } = await deck();
    const invitee = await createUser(t, { verified: true });
    await api.must('POST', '/api/user/edit', invitee, { locale: 'es' });
    await mustInvite(owner, categoryId, invitee, 'editor');
    await t.idle();
    // (Its sign-up's verification mail came before, in English: the account had no language yet.)
    const mail = await t.inbox.waitFor(invitee.email.toLowerCase(), / te invita a /);
    expect(mail.subject).toBe(
      `${owner.username} te invita a «${invitationCategory(mail)}» en Glossa`,
    );
    expect(mail.text).toContain(`Hola, ${invitee.username}:`);
    expect(mail.text).toContain('(2 tarjetas) como editor');
    expect(mail.text).toContain('Ver la invitación');
  });

  it('lists the newest invitations first, from several owners', async () => {
    const invitee = await createUser(t);
    const made: Invitation[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { owner, categoryId } = await deck();
      made.push(await mustInvite(owner, categoryId, invitee));
    }
    expect((await received(invitee)).map((i) => i.id)).toEqual(made.map((i) => i.id).reverse());
  });

  it('deleting the account of the owner or of the invitee removes their invitations', async () => {
    const { db } = t.app.deps;
    const rowsOf = (id: string) =>
      db
        .selectFrom('category_invitations')
        .select('id')
        .where((eb) => eb.or([eb('owner_id', '=', id), eb('invitee_id', '=', id)]))
        .execute();
    const first = await deck();
    const second = await deck();
    const invitee = await createUser(t);
    await mustInvite(first.owner, first.categoryId, invitee);
    const kept = await mustInvite(second.owner, second.categoryId, invitee);
    await api.must('POST', '/api/user/delete', first.owner, {
      currentPassword: first.owner.password,
    });
    expect(await rowsOf(first.owner.id)).toEqual([]);
    expect((await received(invitee)).map((i) => i.id)).toEqual([kept.id]);
    await api.must('POST', '/api/user/delete', invitee, { currentPassword: invitee.password });
    expect(await rowsOf(invitee.id)).toEqual([]);
    expect(await pendingOf(second.owner, second.categoryId)).toEqual([]);
  });

  it('mails one address at most 5 invitations an hour, whoever sends them; the rest show in the app', async () => {
    const invitee = await createUser(t, { verified: true });
    const made: Invitation[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { owner, categoryId } = await deck();
      made.push(await mustInvite(owner, categoryId, invitee));
    }
    await t.idle();
    expect(invitationMails(invitee)).toHaveLength(5);
    expect((await received(invitee)).map((i) => i.id).sort()).toEqual(made.map((i) => i.id).sort());
    // The address's own mail (a password reset) is not used up by invitations.
    const reset = await api.call('POST', '/api/user/forget-password', undefined, {
      email: invitee.email,
    });
    expect(reset.status).toBe(200);
  });
});
