import { randomUUID } from 'node:crypto';
import { defaultGradeSettings, type SocketEvent } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  addMember,
  createCard,
  createCategory,
  invite,
  must,
  review,
  sharedCategory,
} from '../../../test/world';
import { socketAddress, TestSocket } from './live.test-support';

// Each event reaches exactly the learners who may read what changed when it is delivered
// (docs/decisions/0032-live-updates.md).

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await socketAddress(t.app);
});
afterAll(async () => {
  await t.close();
});

const about = (id: string) => (event: SocketEvent) => 'id' in event.data && event.data.id === id;

/**
 * Everything sent before now has been delivered to `socket`: a card of the socket's own learner
 * is created, and its event (sent after every earlier one, delivered in order) arrives.
 */
async function drained(socket: TestSocket, user: TestUser): Promise<void> {
  await t.idle();
  const id = await createCard(t, user, null);
  await socket.next(about(id));
}

describe('who receives a category’s events', () => {
  let owner: TestUser;
  let viewer: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let shared: string;
  let sockets: Record<'owner' | 'viewer' | 'editor' | 'stranger', TestSocket>;
  beforeAll(async () => {
    [owner, viewer, editor, stranger] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    shared = await sharedCategory(t, owner, viewer, editor);
    sockets = {
      owner: await TestSocket.open(address, owner.access),
      viewer: await TestSocket.open(address, viewer.access),
      editor: await TestSocket.open(address, editor.access),
      stranger: await TestSocket.open(address, stranger.access),
    };
  });

  it('a card edited in a shared category reaches the owner and its members, ids and fields only', async () => {
    const card = await createCard(t, owner, shared);
    await must(t, 'PATCH', `/api/cards/${card}`, editor, { notes: 'changed' });
    for (const socket of [sockets.owner, sockets.viewer, sockets.editor]) {
      const changed = await socket.next(
        (event) => event.type === 'card.changed' && event.data.id === card,
      );
      expect(changed.data).toEqual({ id: card, categoryId: shared, version: 2, fields: ['notes'] });
    }
  });

  it('a stranger’s socket receives nothing of another learner’s private or shared changes', async () => {
    const privateCategory = await createCategory(t, owner, { visibility: 'private' });
    const sub = await createCategory(t, owner, { parentId: shared });
    const privateCard = await createCard(t, owner, privateCategory);
    const loose = await createCard(t, owner, null);
    await must(t, 'PATCH', `/api/cards/${privateCard}`, owner, { front: 'el perro' });
    await must(t, 'PATCH', `/api/categories/${privateCategory}`, owner, { name: 'Renamed' });
    await must(t, 'DELETE', `/api/cards/${loose}`, owner);
    await must(t, 'POST', '/api/study/settings', owner, { newCardsPerDay: 7 });
    await must(t, 'PUT', '/api/study/scheduler', owner, {
      ...defaultGradeSettings,
      quickGainFactor: 3,
    });
    await review(t, owner, privateCard);
    await createCard(t, editor, sub);
    await must(t, 'DELETE', `/api/categories/${privateCategory}?cards=delete`, owner);
    await drained(sockets.stranger, stranger);
    await drained(sockets.owner, owner);
    const strangers = sockets.stranger.events.filter((event) => event.type !== 'hello');
    expect(strangers.every((event) => event.type === 'card.created')).toBe(true);
    expect(strangers).toHaveLength(1);
    // The owner saw all of it, the members only the shared sub-category's card.
    expect(sockets.owner.events.some(about(privateCard))).toBe(true);
    expect(sockets.owner.events.some((e) => e.type === 'review.recorded')).toBe(true);
    expect(sockets.owner.events.some((e) => e.type === 'settings.changed')).toBe(true);
    // The seven numbers of version 2 too (decision 0030).
    expect(
      sockets.owner.events.some(
        (e) => e.type === 'settings.changed' && e.data.fields.includes('quickGainFactor'),
      ),
    ).toBe(true);
    expect(sockets.viewer.events.some(about(privateCard))).toBe(false);
    expect(sockets.viewer.events.some(about(privateCategory))).toBe(false);
    await sockets.viewer.next(
      (event) => event.type === 'category.created' && event.data.id === sub,
    );
  });

  it('a removed member is told, then receives nothing more of the category', async () => {
    const category = await createCategory(t, owner, { visibility: 'shared' });
    const member = await createUser(t);
    await addMember(t, owner, category, member, 'viewer');
    const socket = await TestSocket.open(address, member.access);
    const before = await createCard(t, owner, category);
    await socket.next(about(before));
    await must(t, 'DELETE', `/api/categories/${category}/members/${member.id}`, owner);
    // The addition's own event (role viewer) may reach the socket opened after it too, when the
    // bus delivers it late (PostgreSQL's notifications): the removal is the one with no role.
    const removed = await socket.next(
      (event) => event.type === 'membership.changed' && event.data.role === null,
    );
    expect(removed.data).toEqual({ categoryId: category, userId: member.id, role: null });
    const after = await createCard(t, owner, category);
    await must(t, 'PATCH', `/api/categories/${category}`, owner, { name: 'After removal' });
    await drained(socket, member);
    expect(socket.events.some(about(after))).toBe(false);
    expect(socket.events.some(about(category))).toBe(false);
    socket.close();
  });

  it('a category made private is told to its former members, then nothing more', async () => {
    const category = await createCategory(t, owner, { visibility: 'shared' });
    const member = await createUser(t);
    await addMember(t, owner, category, member, 'editor');
    const socket = await TestSocket.open(address, member.access);
    await must(t, 'PATCH', `/api/categories/${category}`, owner, { visibility: 'private' });
    const changed = await socket.next(about(category));
    expect(changed).toMatchObject({ type: 'category.changed', data: { fields: ['visibility'] } });
    const hidden = await createCard(t, owner, category);
    await drained(socket, member);
    expect(socket.events.some(about(hidden))).toBe(false);
    socket.close();
  });

  it('a category deleted reaches the members it had', async () => {
    const category = await createCategory(t, owner, { visibility: 'shared' });
    await addMember(t, owner, category, viewer, 'viewer');
    await must(t, 'DELETE', `/api/categories/${category}?cards=move`, owner);
    await sockets.viewer.next(
      (event) => event.type === 'category.deleted' && event.data.id === category,
    );
    await drained(sockets.stranger, stranger);
    expect(sockets.stranger.events.some(about(category))).toBe(false);
  });
});

describe('the learner’s own and the admins’ events', () => {
  it('an invitation reaches its invitee and owner; accepted, the new member follows the category', async () => {
    const [owner, invitee, bystander] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    const category = await createCategory(t, owner, { visibility: 'shared' });
    const socket = await TestSocket.open(address, invitee.access);
    const other = await TestSocket.open(address, bystander.access);
    const id = await invite(t, owner, category, invitee, 'viewer');
    const pending = await socket.next((event) => event.type === 'invitation.changed');
    expect(pending.data).toEqual({ id, categoryId: category, status: 'pending' });
    await must(t, 'POST', `/api/invitations/${id}/accept`, invitee);
    await socket.next((event) => event.type === 'membership.changed');
    const card = await createCard(t, owner, category);
    await socket.next(about(card));
    await drained(other, bystander);
    expect(other.events.filter((event) => event.type !== 'hello')).toHaveLength(1);
    socket.close();
    other.close();
  });

  it('a review reaches the learner’s other tabs; feedback reaches the admins only', async () => {
    const [learner, admin] = await Promise.all([createUser(t), createUser(t, { role: 'admin' })]);
    const tabs = [
      await TestSocket.open(address, learner.access),
      await TestSocket.open(address, learner.access),
    ];
    const adminSocket = await TestSocket.open(address, admin.access);
    const card = await createCard(t, learner, null);
    // With the write's clientReviewId, by which the tab that sent it knows its own answer; the
    // undo of it too.
    const clientReviewId = await review(t, learner, card);
    for (const tab of tabs) {
      const recorded = await tab.next((event) => event.type === 'review.recorded');
      expect(recorded.data).toEqual({ cardId: card, clientReviewId });
    }
    await must(t, 'POST', `/api/study/reviews/${clientReviewId}/undo`, learner);
    for (const tab of tabs) {
      const undone = await tab.next((event) => event.type === 'review.recorded');
      expect(undone.data).toEqual({ cardId: card, clientReviewId });
    }
    const { id } = await must(t, 'POST', '/api/feedback', learner, {
      kind: 'idea',
      message: `Live ${randomUUID()}`,
      page: '/app/dashboard',
    });
    const created = await adminSocket.next((event) => event.type === 'feedback.created');
    expect(created.data).toEqual({ id });
    await drained(tabs[0] as TestSocket, learner);
    expect(tabs.some((tab) => tab.events.some((e) => e.type === 'feedback.created'))).toBe(false);

    // Another admin marks it read: this admin's tab hears it, the learner's do not.
    const otherAdmin = await createUser(t, { role: 'admin' });
    await must(t, 'POST', `/api/admin/feedback/${id}/status`, otherAdmin, { status: 'read' });
    const changed = await adminSocket.next((event) => event.type === 'feedback.changed');
    expect(changed.data).toEqual({ id, status: 'read' });
    await drained(tabs[0] as TestSocket, learner);
    expect(tabs.some((tab) => tab.events.some((e) => e.type === 'feedback.changed'))).toBe(false);
    for (const socket of [...tabs, adminSocket]) socket.close();
  });
});
