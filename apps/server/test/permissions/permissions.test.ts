import { randomUUID } from 'node:crypto';
import { api, apiRoutes, defaultGradeSettings, exportColumns, versionMax } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { createUser, signIn, uniqueName } from '../factories';
import {
  callers,
  createCard,
  createCategory,
  createWorld,
  invite,
  label,
  must,
  review,
  sharedCategory,
  type Caller,
  type World,
} from '../world';
import { verifyToken } from '../../src/security/tokens';
import { callAs, expectedAnswer, isWrite, publicRow, row, type Row } from './matrix';
import {
  buildPackage,
  sampleCollection,
  toBase64,
} from '../../src/modules/import-export/anki/anki-fixture.test-support';

let t: TestApp;

/** The caller's own user, or the owner's for callers without a working bearer (refused anyway). */
const self = (w: World, caller: Caller) =>
  caller === 'disabled' ? w.users.owner : (w.userOf(caller) ?? w.users.owner);

const card = (id: string) => ({ params: { id } });
const category = (id: string) => ({ params: { id } });

/** A card of the owner made for one cell (in `categoryId`, or uncategorised). */
const freshCard = async (w: World, categoryId: string | null) =>
  card(await createCard(t, w.users.owner, categoryId));

/** A new sign-in session of `caller`'s user (the owner's for callers without one): its id. */
async function secondSession(w: World, caller: Caller): Promise<string> {
  const user = self(w, caller);
  const { access } = await signIn(t, user.username, user.password);
  return verifyToken(t.app.deps.keys, 'access', access, Date.now()).payload.tokenId;
}

/**
 * Asks for a change of the caller's e-mail address (it waits for the new address to confirm);
 * nothing for a caller without a working bearer, whose call is refused anyway.
 */
async function changeEmail(w: World, caller: Caller): Promise<void> {
  const user = caller === 'disabled' ? undefined : w.userOf(caller);
  if (!user) return;
  await must(t, 'POST', api.user.edit.path, user, {
    currentPassword: user.password,
    email: `${uniqueName('moved')}@example.com`,
  });
}

/** A message a learner of its own sent to the admins: its id. */
async function feedbackItem(): Promise<string> {
  const sender = await createUser(t);
  const sent = await must(t, 'POST', api.feedback.create.path, sender, {
    kind: 'bug',
    message: 'The page froze',
    page: '/app',
  });
  return String(sent['id']);
}

const importBody = (categoryId: string | null) => ({
  format: 'csv',
  text: `${exportColumns.join(',')}\n${label('la mesa')},the table,,,es,en`,
  mapping: Object.fromEntries(exportColumns.map((column) => [column, column])),
  defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId },
});

/** A small Anki package (decks Spanish and Spanish::Food), built once. */
const ankiFile = toBase64(buildPackage(sampleCollection('v18'), 'anki21b'));
const ankiBody = (categoryId: string | null) => ({
  file: ankiFile,
  mappings: [{ noteTypeId: '1001', frontField: 0, answersField: 1 }],
  defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId },
  cloze: 'skip',
  history: true,
});

/**
 * An invitation of the owner to the stranger, waiting in a shared category of its own (the owner
 * sends it; only the stranger may answer it).
 */
async function waitingInvitation(w: World): Promise<{ categoryId: string; id: string }> {
  const categoryId = await createCategory(t, w.users.owner, { visibility: 'shared' });
  return { categoryId, id: await invite(t, w.users.owner, categoryId, w.users.stranger, 'viewer') };
}

/**
 * A public deck of the owner's made for one cell, with a card: joined by the caller first when
 * `join` and the caller is a learner signed in who is not its owner (the owner's own is studied
 * already, and joining it is refused).
 */
async function freshDeck(
  w: World,
  caller: Caller,
  join: boolean,
): Promise<{ id: string; card: string }> {
  const id = await createCategory(t, w.users.owner, { visibility: 'public' });
  const cardId = await createCard(t, w.users.owner, id);
  const user = caller === 'disabled' || caller === 'owner' ? undefined : w.userOf(caller);
  if (join && user) await must(t, 'POST', `/api/explore/decks/${id}/join`, user);
  return { id, card: cardId };
}

/** A copy of the public deck the caller made with a copyId of their own: that id. */
async function copyOfTheirOwn(w: World, caller: Caller): Promise<string> {
  const copyId = randomUUID();
  const user = caller === 'disabled' ? undefined : w.userOf(caller);
  if (user) {
    await must(t, 'POST', `/api/explore/decks/${w.ids.categories.public}/copy`, user, { copyId });
  }
  return copyId;
}

const reviewBody = (cardId: string) => ({
  cardId,
  guess: 'the house',
  clientReviewId: randomUUID(),
  elapsedMs: 1800,
});

/**
 * Who may do what: every route of the table on its targets, for every caller. Columns: the
 * owner of the targets, a viewer and an editor of their shared category (and so of its
 * sub-category), another learner (the stranger), an admin who is none of these; anyone without a
 * working bearer (none, a disabled learner's, an expired one, a tampered one) gets 401 on every
 * call that needs one. Another learner's card or category answers 404, never 403 (DESIGN §8);
 * a member who can see a category or card but not change it gets 403.
 */
// prettier-ignore
const matrix: Row[] = [
  //        route                                 target                          owner viewer editor stranger admin
  publicRow(api.health.check,                    'the server',                      200, () => ({})),
  publicRow(api.auth.login,                      'the owner’s credentials',         200, (w) => ({ body: { login: w.users.owner.username, password: w.users.owner.password } })),
  // A learner of its own per cell: failed sign-ins of one login from one address earn a back-off.
  publicRow(api.auth.login,                      'a wrong password',                401, async () => ({ body: { login: (await createUser(t)).username, password: 'not the password' } })),
  publicRow(api.auth.refresh,                    'a refresh token of the owner',    200, async (w) => ({ body: { refresh: (await signIn(t, w.users.owner.username, w.users.owner.password)).refresh } })),
  publicRow(api.auth.refresh,                    'an access token',                 401, (w) => ({ body: { refresh: w.users.owner.access } })),
  row(api.auth.logout,                           'their own session',             [200, 200, 200, 200, 200], () => ({}), { ownWorld: true }),
  row(api.auth.sessions,                         'their own sessions',            [200, 200, 200, 200, 200], () => ({})),
  row(api.auth.revokeSession,                    'another session of their own',  [200, 200, 200, 200, 200], async (w, c) => ({ params: { tokenId: await secondSession(w, c) } })),
  row(api.auth.revokeSession,                    'a session of the owner',        [200, 404, 404, 404, 404], async (w) => ({ params: { tokenId: await secondSession(w, 'owner') } })),
  row(api.auth.revokeSession,                    'an unknown session',            [404, 404, 404, 404, 404], () => ({ params: { tokenId: randomUUID() } })),
  row(api.auth.revokeOthers,                     'their own sessions',            [200, 200, 200, 200, 200], () => ({}), { ownWorld: true }),
  publicRow(api.user.create,                     'a new learner',                   201, () => { const name = uniqueName('new'); return { body: { username: name, email: `${name}@example.com`, password: `pw-${randomUUID()}` } }; }),
  publicRow(api.user.create,                     'the owner’s username',            409, (w) => ({ body: { username: w.users.owner.username, email: `${uniqueName()}@example.com`, password: `pw-${randomUUID()}` } })),
  row(api.user.info,                             'themselves',                    [200, 200, 200, 200, 200], () => ({})),
  row(api.user.account,                          'themselves',                    [200, 200, 200, 200, 200], () => ({})),
  row(api.user.edit,                             'their settings',                [200, 200, 200, 200, 200], () => ({ body: { isAutodetectLanguageEnabled: true } })),
  row(api.user.edit,                             'their password',                [200, 200, 200, 200, 200], (w, c) => ({ body: { currentPassword: self(w, c).password, password: `pw-${randomUUID()}` } }), { ownWorld: true }),
  row(api.user.edit,                             'the owner’s username',          [200, 409, 409, 409, 409], (w, c) => ({ body: { currentPassword: self(w, c).password, username: w.users.owner.username } })),
  publicRow(api.account.verifyEmail,             'a token never mailed',            400, () => ({ body: { token: randomUUID() } })),
  row(api.account.resendVerification,            'their verified address',        [409, 409, 409, 409, 409], () => ({})),
  row(api.account.resendEmailChange,             'no change waiting',             [404, 404, 404, 404, 404], () => ({})),
  row(api.account.cancelEmailChange,             'no change waiting',             [200, 200, 200, 200, 200], () => ({})),
  row(api.account.resendEmailChange,             'a change of their own waiting', [200, 200, 200, 200, 200], async (w, c) => { await changeEmail(w, c); return {}; }, { ownWorld: true }),
  row(api.account.cancelEmailChange,             'a change of their own waiting', [200, 200, 200, 200, 200], async (w, c) => { await changeEmail(w, c); return {}; }, { ownWorld: true }),
  // A learner of its own per cell: one address is mailed at most five times an hour.
  publicRow(api.account.forgetPassword,          'a learner’s address',             200, async () => ({ body: { email: (await createUser(t)).email } })),
  publicRow(api.account.resetPassword,           'a token never mailed',            400, () => ({ body: { token: randomUUID(), password: `pw-${randomUUID()}` } })),
  row(api.account.delete,                        'their own account',             [200, 200, 200, 200, 200], (w, c) => ({ body: { currentPassword: self(w, c).password } }), { ownWorld: true }),
  row(api.account.delete,                        'with the owner’s password',     [200, 400, 400, 400, 400], (w) => ({ body: { currentPassword: w.users.owner.password } }), { ownWorld: true }),
  row(api.account.export,                        'their own data',                [200, 200, 200, 200, 200], () => ({})),
  row(api.feedback.create,                       'a message to the admins',       [201, 201, 201, 201, 201], () => ({ body: { kind: 'idea', message: 'More decks', page: '/app' } })),
  publicRow(api.languages.list,                  'the languages',                   200, () => ({})),
  row(api.languages.detect,                      'a text',                        [200, 200, 200, 200, 200], () => ({ body: { text: 'la casa grande', candidates: ['es', 'en'] } })),
  row(api.translate.suggest,                     'a word',                        [200, 200, 200, 200, 200], () => ({ body: { text: 'la casa', from: 'es', to: 'en' } })),

  row(api.categories.tree,                       'their tree',                    [200, 200, 200, 200, 200], () => ({})),
  row(api.categories.create,                     'at the root',                   [201, 201, 201, 201, 201], () => ({ body: { name: label('Root') } })),
  row(api.categories.create,                     'under the private category',    [201, 404, 404, 404, 404], (w) => ({ body: { name: label('Sub'), parentId: w.ids.categories.private } })),
  row(api.categories.create,                     'under the shared category',     [201, 403, 403, 404, 404], (w) => ({ body: { name: label('Sub'), parentId: w.ids.categories.shared } })),
  row(api.categories.create,                     'under the public category',     [201, 403, 403, 403, 403], (w) => ({ body: { name: label('Sub'), parentId: w.ids.categories.public } })),
  row(api.categories.create,                     'under the stranger’s category', [404, 404, 404, 201, 404], (w) => ({ body: { name: label('Sub'), parentId: w.ids.categories.stranger } })),
  row(api.categories.view,                       'the private category',          [200, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.categories.view,                       'its sub-category',              [200, 404, 404, 404, 404], (w) => category(w.ids.categories.privateChild)),
  row(api.categories.view,                       'the shared category',           [200, 200, 200, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.categories.view,                       'its sub-category',              [200, 200, 200, 404, 404], (w) => category(w.ids.categories.sharedChild)),
  row(api.categories.view,                       'the public category',           [200, 200, 200, 200, 200], (w) => category(w.ids.categories.public)),
  row(api.categories.view,                       'the stranger’s category',       [404, 404, 404, 200, 404], (w) => category(w.ids.categories.stranger)),
  row(api.categories.view,                       'an unknown category',           [404, 404, 404, 404, 404], () => category(randomUUID())),
  row(api.categories.update,                     'the private category',          [200, 404, 404, 404, 404], (w) => ({ ...category(w.ids.categories.private), body: { description: label('About') } })),
  row(api.categories.update,                     'the shared category',           [200, 403, 403, 404, 404], (w) => ({ ...category(w.ids.categories.shared), body: { description: label('About') } })),
  row(api.categories.update,                     'its sub-category',              [200, 403, 403, 404, 404], (w) => ({ ...category(w.ids.categories.sharedChild), body: { description: label('About') } })),
  row(api.categories.update,                     'the public category',           [200, 403, 403, 403, 403], (w) => ({ ...category(w.ids.categories.public), body: { description: label('About') } })),
  row(api.categories.update,                     'the stranger’s category',       [404, 404, 404, 200, 404], (w) => ({ ...category(w.ids.categories.stranger), body: { description: label('About') } })),
  // A stale version is refused only to who may change it: the others hear nothing of versions.
  row(api.categories.update,                     'the shared one, stale version', [409, 403, 403, 404, 404], (w) => ({ ...category(w.ids.categories.shared), body: { description: label('About'), expectedVersion: versionMax } })),
  row(api.categories.update,                     'the public one, stale version', [409, 403, 403, 403, 403], (w) => ({ ...category(w.ids.categories.public), body: { description: label('About'), expectedVersion: versionMax } })),
  row(api.categories.delete,                     'a private category',            [200, 404, 404, 404, 404], async (w) => ({ ...category(await createCategory(t, w.users.owner, {})), query: { cards: 'move' } })),
  row(api.categories.delete,                     'a shared category',             [200, 403, 403, 404, 404], async (w) => ({ ...category(await sharedCategory(t, w.users.owner, w.users.viewer, w.users.editor)), query: { cards: 'delete' } })),
  row(api.categories.delete,                     'a public category',             [200, 403, 403, 403, 403], async (w) => ({ ...category(await createCategory(t, w.users.owner, { visibility: 'public' })), query: { cards: 'move' } })),
  row(api.categories.members,                    'the private category',          [200, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.categories.members,                    'the shared category',           [200, 200, 200, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.categories.members,                    'its sub-category',              [200, 200, 200, 404, 404], (w) => category(w.ids.categories.sharedChild)),
  row(api.categories.members,                    'the public category',           [200, 403, 403, 403, 403], (w) => category(w.ids.categories.public)),
  row(api.categories.invite,                     'a shared category',             [201, 403, 403, 404, 404], async (w) => ({ ...category(await sharedCategory(t, w.users.owner, w.users.viewer, w.users.editor)), body: { username: w.users.admin.username, role: 'viewer' } })),
  row(api.categories.invite,                     'the private category',          [409, 404, 404, 404, 404], (w) => ({ ...category(w.ids.categories.private), body: { username: w.users.stranger.username, role: 'viewer' } })),
  row(api.categories.invite,                     'the public category',           [201, 403, 403, 403, 403], async (w) => ({ ...category(await createCategory(t, w.users.owner, { visibility: 'public' })), body: { username: w.users.stranger.username, role: 'editor' } })),
  row(api.categories.invitations,                'the shared category',           [200, 403, 403, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.categories.invitations,                'a category with one waiting',   [200, 404, 404, 404, 404], async (w) => category((await waitingInvitation(w)).categoryId)),
  row(api.categories.invitations,                'the private category',          [200, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.categories.invitations,                'the public category',           [200, 403, 403, 403, 403], (w) => category(w.ids.categories.public)),
  row(api.categories.cancelInvitation,           'an invitation waiting',         [200, 404, 404, 404, 404], async (w) => { const { categoryId, id } = await waitingInvitation(w); return { params: { id: categoryId, invitationId: id } }; }),
  row(api.categories.cancelInvitation,           'one in the shared category',    [404, 403, 403, 404, 404], (w) => ({ params: { id: w.ids.categories.shared, invitationId: randomUUID() } })),
  row(api.invitations.list,                      'their own invitations',         [200, 200, 200, 200, 200], () => ({})),
  // Only the invitee answers an invitation; the owner who sent it sees it (403), others do not (404).
  row(api.invitations.accept,                    'the stranger’s invitation',     [403, 404, 404, 200, 404], async (w) => ({ params: { id: (await waitingInvitation(w)).id } })),
  row(api.invitations.accept,                    'an unknown invitation',         [404, 404, 404, 404, 404], () => ({ params: { id: randomUUID() } })),
  row(api.invitations.decline,                   'the stranger’s invitation',     [403, 404, 404, 200, 404], async (w) => ({ params: { id: (await waitingInvitation(w)).id } })),
  row(api.invitations.decline,                   'an unknown invitation',         [404, 404, 404, 404, 404], () => ({ params: { id: randomUUID() } })),
  row(api.categories.changeMemberRole,           'the viewer of a shared one',    [200, 403, 403, 404, 404], async (w) => ({ params: { id: await sharedCategory(t, w.users.owner, w.users.viewer, w.users.editor), userId: w.users.viewer.id }, body: { role: 'editor' } })),
  row(api.categories.changeMemberRole,           'a member of the private one',   [404, 404, 404, 404, 404], (w) => ({ params: { id: w.ids.categories.private, userId: w.users.viewer.id }, body: { role: 'editor' } })),
  row(api.categories.removeMember,               'the editor of a shared one',    [200, 403, 403, 404, 404], async (w) => ({ params: { id: await sharedCategory(t, w.users.owner, w.users.viewer, w.users.editor), userId: w.users.editor.id } })),
  row(api.categories.removeMember,               'a member of the private one',   [404, 404, 404, 404, 404], (w) => ({ params: { id: w.ids.categories.private, userId: w.users.viewer.id } })),
  row(api.categories.leave,                      'a shared category',             [409, 200, 200, 404, 404], async (w) => category(await sharedCategory(t, w.users.owner, w.users.viewer, w.users.editor))),
  // A member leaves the category their membership is on: elsewhere they have none to leave.
  row(api.categories.leave,                      'its sub-category',              [409, 404, 404, 404, 404], (w) => category(w.ids.categories.sharedChild)),
  row(api.categories.leave,                      'the private category',          [409, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.categories.leave,                      'the public category',           [409, 404, 404, 404, 404], (w) => category(w.ids.categories.public)),

  row(api.cards.list,                            'their own cards',               [200, 200, 200, 200, 200], () => ({})),
  row(api.cards.list,                            'the private category',          [200, 404, 404, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.private } })),
  row(api.cards.list,                            'the shared category',           [200, 200, 200, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.shared, includeSubcategories: 'true' } })),
  row(api.cards.list,                            'the public category',           [200, 200, 200, 200, 200], (w) => ({ query: { categoryId: w.ids.categories.public } })),
  row(api.cards.list,                            'the stranger’s category',       [404, 404, 404, 200, 404], (w) => ({ query: { categoryId: w.ids.categories.stranger } })),
  row(api.cards.duplicates,                      'their own cards',               [200, 200, 200, 200, 200], () => ({ query: { front: 'la casa', from: 'es', to: 'en' } })),
  row(api.cards.duplicates,                      'in the private category',       [200, 404, 404, 404, 404], (w) => ({ query: { front: 'la casa', from: 'es', to: 'en', categoryId: w.ids.categories.private } })),
  row(api.cards.duplicates,                      'in the shared category',        [200, 403, 200, 404, 404], (w) => ({ query: { front: 'la casa', from: 'es', to: 'en', categoryId: w.ids.categories.shared } })),
  row(api.cards.duplicates,                      'in the public category',        [200, 403, 403, 403, 403], (w) => ({ query: { front: 'la casa', from: 'es', to: 'en', categoryId: w.ids.categories.public } })),
  row(api.cards.create,                          'uncategorised',                 [201, 201, 201, 201, 201], () => ({ body: { front: label('el gato'), answers: ['the cat'], fromLanguageCode: 'es', toLanguageCode: 'en' } })),
  row(api.cards.create,                          'in the private category',       [201, 404, 404, 404, 404], (w) => ({ body: { front: label('el gato'), answers: ['the cat'], fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: w.ids.categories.private } })),
  row(api.cards.create,                          'in the shared category',        [201, 403, 201, 404, 404], (w) => ({ body: { front: label('el gato'), answers: ['the cat'], fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: w.ids.categories.shared } })),
  row(api.cards.create,                          'in its sub-category',           [201, 403, 201, 404, 404], (w) => ({ body: { front: label('el gato'), answers: ['the cat'], fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: w.ids.categories.sharedChild } })),
  row(api.cards.create,                          'in the public category',        [201, 403, 403, 403, 403], (w) => ({ body: { front: label('el gato'), answers: ['the cat'], fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: w.ids.categories.public } })),
  row(api.cards.bulkMove,                        'shared cards to its sub-category', [200, 403, 200, 404, 404], async (w) => ({ body: { ids: [(await freshCard(w, w.ids.categories.shared)).params.id], categoryId: w.ids.categories.sharedChild } })),
  row(api.cards.bulkMove,                        'private cards out of it',       [200, 404, 404, 404, 404], async (w) => ({ body: { ids: [(await freshCard(w, w.ids.categories.private)).params.id], categoryId: null } })),
  row(api.cards.bulkMove,                        'the stranger’s card',           [404, 404, 404, 200, 404], async (w) => ({ body: { ids: [await createCard(t, w.users.stranger, null)], categoryId: null } })),
  row(api.cards.bulkDelete,                      'shared cards',                  [200, 403, 200, 404, 404], async (w) => ({ body: { ids: [(await freshCard(w, w.ids.categories.shared)).params.id] } })),
  row(api.cards.bulkDelete,                      'private cards',                 [200, 404, 404, 404, 404], async (w) => ({ body: { ids: [(await freshCard(w, w.ids.categories.private)).params.id] } })),
  row(api.cards.bulkDelete,                      'public cards',                  [200, 403, 403, 403, 403], async (w) => ({ body: { ids: [(await freshCard(w, w.ids.categories.public)).params.id] } })),
  row(api.cards.get,                             'an uncategorised card',         [200, 404, 404, 404, 404], (w) => card(w.ids.cards.uncategorised)),
  row(api.cards.get,                             'a private card',                [200, 404, 404, 404, 404], (w) => card(w.ids.cards.private)),
  row(api.cards.get,                             'a shared card',                 [200, 200, 200, 404, 404], (w) => card(w.ids.cards.shared)),
  row(api.cards.get,                             'a card of its sub-category',    [200, 200, 200, 404, 404], (w) => card(w.ids.cards.sharedChild)),
  row(api.cards.get,                             'a public card',                 [200, 200, 200, 200, 200], (w) => card(w.ids.cards.public)),
  row(api.cards.get,                             'the stranger’s card',           [404, 404, 404, 200, 404], (w) => card(w.ids.cards.stranger)),
  row(api.cards.get,                             'an unknown card',               [404, 404, 404, 404, 404], () => card(randomUUID())),
  row(api.cards.update,                          'an uncategorised card',         [200, 404, 404, 404, 404], (w) => ({ ...card(w.ids.cards.uncategorised), body: { notes: label('note') } })),
  row(api.cards.update,                          'a private card',                [200, 404, 404, 404, 404], (w) => ({ ...card(w.ids.cards.private), body: { notes: label('note') } })),
  row(api.cards.update,                          'a shared card',                 [200, 403, 200, 404, 404], (w) => ({ ...card(w.ids.cards.shared), body: { notes: label('note') } })),
  row(api.cards.update,                          'a card of its sub-category',    [200, 403, 200, 404, 404], (w) => ({ ...card(w.ids.cards.sharedChild), body: { notes: label('note') } })),
  row(api.cards.update,                          'a public card',                 [200, 403, 403, 403, 403], (w) => ({ ...card(w.ids.cards.public), body: { notes: label('note') } })),
  row(api.cards.update,                          'the stranger’s card',           [404, 404, 404, 200, 404], (w) => ({ ...card(w.ids.cards.stranger), body: { notes: label('note') } })),
  row(api.cards.update,                          'a shared card, stale version',  [409, 403, 409, 404, 404], (w) => ({ ...card(w.ids.cards.shared), body: { notes: label('note'), expectedVersion: versionMax } })),
  row(api.cards.update,                          'a new shared card, version 1',  [200, 403, 200, 404, 404], async (w) => ({ ...(await freshCard(w, w.ids.categories.shared)), body: { notes: label('note'), expectedVersion: 1 } })),
  row(api.cards.update,                          'a private card, stale version', [409, 404, 404, 404, 404], (w) => ({ ...card(w.ids.cards.private), body: { notes: label('note'), expectedVersion: versionMax } })),
  row(api.cards.delete,                          'an uncategorised card',         [200, 404, 404, 404, 404], (w) => freshCard(w, null)),
  row(api.cards.delete,                          'a private card',                [200, 404, 404, 404, 404], (w) => freshCard(w, w.ids.categories.private)),
  row(api.cards.delete,                          'a shared card',                 [200, 403, 200, 404, 404], (w) => freshCard(w, w.ids.categories.shared)),
  row(api.cards.delete,                          'a public card',                 [200, 403, 403, 403, 403], (w) => freshCard(w, w.ids.categories.public)),
  row(api.cards.import,                          'into their own tree',           [200, 200, 200, 200, 200], () => ({ body: importBody(null) })),
  row(api.cards.import,                          'into the private category',     [200, 404, 404, 404, 404], (w) => ({ body: importBody(w.ids.categories.private) })),
  row(api.cards.import,                          'into the shared category',      [200, 403, 200, 404, 404], (w) => ({ body: importBody(w.ids.categories.shared) })),
  row(api.cards.import,                          'into the public category',      [200, 403, 403, 403, 403], (w) => ({ body: importBody(w.ids.categories.public) })),
  row(api.cards.ankiAnalyse,                     'a package',                     [200, 200, 200, 200, 200], () => ({ body: { file: ankiFile } })),
  row(api.cards.ankiImport,                      'into their own tree',           [200, 200, 200, 200, 200], () => ({ body: ankiBody(null) })),
  row(api.cards.ankiImport,                      'into the private category',     [200, 404, 404, 404, 404], (w) => ({ body: ankiBody(w.ids.categories.private) })),
  // Its decks are sub-categories: the owner's import (first) made them, the editor's uses them.
  row(api.cards.ankiImport,                      'into the shared category',      [200, 403, 200, 404, 404], (w) => ({ body: ankiBody(w.ids.categories.shared) })),
  row(api.cards.ankiImport,                      'into the public category',      [200, 403, 403, 403, 403], (w) => ({ body: ankiBody(w.ids.categories.public) })),
  row(api.cards.export,                          'their own cards',               [200, 200, 200, 200, 200], () => ({ query: { format: 'json' } })),
  row(api.cards.export,                          'the private category',          [200, 404, 404, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.private } })),
  row(api.cards.export,                          'the shared category',           [200, 200, 200, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.shared } })),
  row(api.cards.export,                          'the public category',           [200, 200, 200, 200, 200], (w) => ({ query: { categoryId: w.ids.categories.public, format: 'json' } })),

  row(api.study.queue,                           'their own cards',               [200, 200, 200, 200, 200], () => ({})),
  row(api.study.queue,                           'the private category',          [200, 404, 404, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.private } })),
  row(api.study.queue,                           'the shared category',           [200, 200, 200, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.shared } })),
  row(api.study.queue,                           'its sub-category',              [200, 200, 200, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.sharedChild } })),
  row(api.study.queue,                           'the public category',           [200, 403, 403, 403, 403], (w) => ({ query: { categoryId: w.ids.categories.public } })),
  row(api.study.review,                          'an uncategorised card',         [200, 404, 404, 404, 404], (w) => ({ body: reviewBody(w.ids.cards.uncategorised) })),
  row(api.study.review,                          'a private card',                [200, 404, 404, 404, 404], (w) => ({ body: reviewBody(w.ids.cards.private) })),
  row(api.study.review,                          'a shared card',                 [200, 200, 200, 404, 404], (w) => ({ body: reviewBody(w.ids.cards.shared) })),
  row(api.study.review,                          'a card of its sub-category',    [200, 200, 200, 404, 404], (w) => ({ body: reviewBody(w.ids.cards.sharedChild) })),
  // One rule for what a learner may study (issue 14, item 17): as the queue of the public category.
  row(api.study.review,                          'a public card',                 [200, 403, 403, 403, 403], (w) => ({ body: reviewBody(w.ids.cards.public) })),
  row(api.study.review,                          'the stranger’s card',           [404, 404, 404, 200, 404], (w) => ({ body: reviewBody(w.ids.cards.stranger) })),
  row(api.study.override,                        'the owner’s failed review',     [200, 404, 404, 404, 404], async (w) => ({ params: { clientReviewId: await review(t, w.users.owner, await createCard(t, w.users.owner, null)) } })),
  row(api.study.override,                        'the viewer’s failed review',    [404, 200, 404, 404, 404], async (w) => ({ params: { clientReviewId: await review(t, w.users.viewer, await createCard(t, w.users.owner, w.ids.categories.shared)) } })),
  row(api.study.undo,                            'the owner’s review',            [200, 404, 404, 404, 404], async (w) => ({ params: { clientReviewId: await review(t, w.users.owner, await createCard(t, w.users.owner, null)) } })),
  row(api.study.undo,                            'the viewer’s review',           [404, 200, 404, 404, 404], async (w) => ({ params: { clientReviewId: await review(t, w.users.viewer, await createCard(t, w.users.owner, w.ids.categories.shared)) } })),
  row(api.study.undo,                            'an unknown review',             [404, 404, 404, 404, 404], () => ({ params: { clientReviewId: randomUUID() } })),
  row(api.study.combo,                           'their own combo',               [200, 200, 200, 200, 200], () => ({})),
  row(api.study.summary,                         'their own day',                 [200, 200, 200, 200, 200], () => ({ query: { forecastDays: '7' } })),
  row(api.stats.activity,                        'their own days',                [200, 200, 200, 200, 200], () => ({ query: { days: '30' } })),
  row(api.stats.retention,                       'their own answers',             [200, 200, 200, 200, 200], () => ({})),
  row(api.stats.categories,                      'their own cards',               [200, 200, 200, 200, 200], () => ({})),
  row(api.study.cardSchedule,                    'an uncategorised card',         [200, 404, 404, 404, 404], (w) => card(w.ids.cards.uncategorised)),
  row(api.study.cardSchedule,                    'a private card',                [200, 404, 404, 404, 404], (w) => card(w.ids.cards.private)),
  row(api.study.cardSchedule,                    'a shared card',                 [200, 200, 200, 404, 404], (w) => card(w.ids.cards.shared)),
  // The learner's own schedule of a card they do not study: 403, as its queue and its reviews.
  row(api.study.cardSchedule,                    'a public card',                 [200, 403, 403, 403, 403], (w) => card(w.ids.cards.public)),
  row(api.study.cardSchedule,                    'the stranger’s card',           [404, 404, 404, 200, 404], (w) => card(w.ids.cards.stranger)),
  row(api.study.fit,                             'their own log',                 [200, 200, 200, 200, 200], () => ({})),
  row(api.study.fitProgress,                     'their own fit',                 [200, 200, 200, 200, 200], () => ({})),
  row(api.study.settings,                        'their own daily limits',        [200, 200, 200, 200, 200], () => ({})),
  row(api.study.editSettings,                    'their own daily limits',        [200, 200, 200, 200, 200], () => ({ body: { newCardsPerDay: 15, timeZone: 'Pacific/Auckland' } })),
  row(api.study.scheduler,                       'their own version-2 numbers',   [200, 200, 200, 200, 200], () => ({})),
  row(api.study.editScheduler,                   'their own version-2 numbers',   [200, 200, 200, 200, 200], () => ({ body: { ...defaultGradeSettings, quickGainFactor: 3 } })),
  row(api.study.queue,                           'ahead, their own cards',        [200, 200, 200, 200, 200], () => ({ query: { mode: 'ahead' } })),
  row(api.study.queue,                           'practise, the private category', [200, 404, 404, 404, 404], (w) => ({ query: { categoryId: w.ids.categories.private, mode: 'practise' } })),
  // Explore (docs/decisions/0022-explore.md): the public category is a deck anyone reads, joins
  // and copies; its owner previews, copies and leaves any of their top-level categories, and
  // joining their own is refused (409). Who joined is never told.
  row(api.study.review,                          'a card of a joined deck',       [200, 200, 200, 200, 200], async (w, c) => ({ body: reviewBody((await freshDeck(w, c, true)).card) })),
  row(api.study.queue,                           'a joined deck',                 [200, 200, 200, 200, 200], async (w, c) => ({ query: { categoryId: (await freshDeck(w, c, true)).id } })),
  row(api.study.cardSchedule,                    'a card of a joined deck',       [200, 200, 200, 200, 200], async (w, c) => card((await freshDeck(w, c, true)).card)),
  row(api.explore.list,                          'the public decks',              [200, 200, 200, 200, 200], () => ({})),
  row(api.explore.list,                          'of a pair, newest first',       [200, 200, 200, 200, 200], () => ({ query: { from: 'es', to: 'en', sort: 'new' } })),
  row(api.explore.joined,                        'their joined decks',            [200, 200, 200, 200, 200], () => ({})),
  row(api.explore.preview,                       'the public category',           [200, 200, 200, 200, 200], (w) => category(w.ids.categories.public)),
  row(api.explore.preview,                       'the private category',          [200, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.explore.preview,                       'the shared category',           [200, 404, 404, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.explore.preview,                       'its sub-category',              [404, 404, 404, 404, 404], (w) => category(w.ids.categories.sharedChild)),
  row(api.explore.preview,                       'the stranger’s category',       [404, 404, 404, 200, 404], (w) => category(w.ids.categories.stranger)),
  row(api.explore.preview,                       'an unknown category',           [404, 404, 404, 404, 404], () => category(randomUUID())),
  row(api.explore.join,                          'a public deck',                 [409, 200, 200, 200, 200], async (w, c) => category((await freshDeck(w, c, false)).id)),
  row(api.explore.join,                          'the private category',          [404, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.explore.join,                          'the shared category',           [404, 404, 404, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.explore.join,                          'the stranger’s category',       [404, 404, 404, 404, 404], (w) => category(w.ids.categories.stranger)),
  row(api.explore.leave,                         'a deck they joined',            [200, 200, 200, 200, 200], async (w, c) => category((await freshDeck(w, c, true)).id)),
  row(api.explore.leave,                         'the private category',          [200, 404, 404, 404, 404], (w) => category(w.ids.categories.private)),
  row(api.explore.leave,                         'the shared category',           [200, 404, 404, 404, 404], (w) => category(w.ids.categories.shared)),
  row(api.explore.copy,                          'the public category',           [201, 201, 201, 201, 201], (w) => ({ ...category(w.ids.categories.public), body: {} })),
  row(api.explore.copy,                          'the private category',          [201, 404, 404, 404, 404], (w) => ({ ...category(w.ids.categories.private), body: {} })),
  row(api.explore.copy,                          'the shared category',           [201, 404, 404, 404, 404], (w) => ({ ...category(w.ids.categories.shared), body: {} })),
  row(api.explore.copy,                          'the stranger’s category',       [404, 404, 404, 201, 404], (w) => ({ ...category(w.ids.categories.stranger), body: {} })),
  row(api.explore.copyProgress,                  'a copy of their own',           [200, 200, 200, 200, 200], async (w, c) => ({ params: { copyId: await copyOfTheirOwn(w, c) } })),
  row(api.explore.copyProgress,                  'a copy of the owner’s',         [200, 404, 404, 404, 404], async (w) => ({ params: { copyId: await copyOfTheirOwn(w, 'owner') } })),
  row(api.explore.report,                        'the public category',           [201, 201, 201, 201, 201], (w) => ({ ...category(w.ids.categories.public), body: { reason: 'wrong', message: 'la casa is not the car' } })),
  row(api.explore.report,                        'the private category',          [404, 404, 404, 404, 404], (w) => ({ ...category(w.ids.categories.private), body: { reason: 'abuse', message: 'spam' } })),
  // Search (docs/decisions/0021-search.md): everyone searches what they read; naming a category
  // they may not read answers 404 (what each finds: modules/search/search-permissions.test.ts).
  row(api.search.search,                         'everything they read',          [200, 200, 200, 200, 200], () => ({ query: { q: 'casa' } })),
  row(api.search.search,                         'the public decks',              [200, 200, 200, 200, 200], () => ({ query: { q: 'ca', scope: 'public', language: 'es' } })),
  row(api.search.search,                         'the private category',          [200, 404, 404, 404, 404], (w) => ({ query: { q: 'casa', categoryId: w.ids.categories.private } })),
  row(api.search.search,                         'the shared category',           [200, 200, 200, 404, 404], (w) => ({ query: { q: 'casa', categoryId: w.ids.categories.shared } })),
  row(api.search.search,                         'the public category',           [200, 200, 200, 200, 200], (w) => ({ query: { q: 'casa', categoryId: w.ids.categories.public } })),  // The live updates' websocket: anyone signed in may open one (what each socket receives:
  // modules/live/live-audience.test.ts); a plain GET, without the upgrade, answers 400.
  row(api.live.socket,                           'their own events (no upgrade)', [400, 400, 400, 400, 400], () => ({})),

  // The admin area: admins only (403 to every learner); an admin never acts on their own account.
  row(api.admin.users,                           'every user, newest first',      [403, 403, 403, 403, 200], () => ({})),
  row(api.admin.users,                           'a username prefix, A to Z',     [403, 403, 403, 403, 200], (w) => ({ query: { q: w.users.owner.username.slice(0, 5), sort: 'username' } })),
  row(api.admin.setFreeloaded,                   'a learner',                     [403, 403, 403, 403, 200], async () => ({ params: { id: (await createUser(t)).id }, body: { isFreeloaded: true } })),
  row(api.admin.setFreeloaded,                   'an unknown user',               [403, 403, 403, 403, 404], () => ({ params: { id: randomUUID() }, body: { isFreeloaded: true } })),
  row(api.admin.setRole,                         'a learner',                     [403, 403, 403, 403, 200], async () => ({ params: { id: (await createUser(t)).id }, body: { role: 'admin' } })),
  row(api.admin.setRole,                         'themselves',                    [403, 403, 403, 403, 403], (w, c) => ({ params: { id: self(w, c).id }, body: { role: 'user' } })),
  row(api.admin.setDisabled,                     'a learner',                     [403, 403, 403, 403, 200], async () => ({ params: { id: (await createUser(t)).id }, body: { disabled: true } })),
  row(api.admin.setDisabled,                     'themselves',                    [403, 403, 403, 403, 403], (w, c) => ({ params: { id: self(w, c).id }, body: { disabled: true } })),
  row(api.admin.resendVerification,              'an unverified learner',         [403, 403, 403, 403, 200], async () => ({ params: { id: (await createUser(t, { verified: false })).id } })),
  row(api.admin.resendVerification,              'a verified learner',            [403, 403, 403, 403, 409], async () => ({ params: { id: (await createUser(t, { verified: true })).id } })),
  row(api.admin.deleteUser,                      'a learner, username typed',     [403, 403, 403, 403, 200], async () => { const u = await createUser(t); return { params: { id: u.id }, body: { username: u.username } }; }),
  row(api.admin.deleteUser,                      'a learner, another username',   [403, 403, 403, 403, 400], async (w) => ({ params: { id: (await createUser(t)).id }, body: { username: w.users.owner.username } })),
  row(api.admin.feedback,                        'every item, newest first',      [403, 403, 403, 403, 200], () => ({})),
  row(api.admin.feedback,                        'new bug reports',               [403, 403, 403, 403, 200], () => ({ query: { status: 'new', kind: 'bug' } })),
  row(api.admin.feedbackCount,                   'the new items',                 [403, 403, 403, 403, 200], () => ({})),
  row(api.admin.setFeedbackStatus,               'a learner’s message',           [403, 403, 403, 403, 200], async () => ({ params: { id: await feedbackItem() }, body: { status: 'resolved' } })),
  row(api.admin.setFeedbackStatus,               'an unknown item',               [403, 403, 403, 403, 404], () => ({ params: { id: randomUUID() }, body: { status: 'read' } })),
  row(api.admin.audit,                           'the admin actions',             [403, 403, 403, 403, 200], () => ({})),
  // Billing is off on this app (the default): everyone's plan is premium, nothing is sold, and the
  // webhook does not exist (404). Billing on: subscriptions.test.ts's access rows.
  row(api.subscription.status,                   'their own plan',                [200, 200, 200, 200, 200], () => ({})),
  row(api.subscription.checkout,                 'a subscription, billing off',   [409, 409, 409, 409, 409], () => ({})),
  row(api.subscription.portal,                   'their subscription, billing off', [409, 409, 409, 409, 409], () => ({})),
  publicRow(api.subscription.webhook,            'an event, billing off',           404, () => ({ body: { id: 'evt_1' } })),
];

describe('the permission matrix', () => {
  let world: World;
  beforeAll(async () => {
    t = await createTestApp({ mailer: { send: async () => {}, close: () => {} } });
    world = await createWorld(t);
  });
  afterAll(async () => {
    const reads = matrix.filter((r) => !isWrite(r.spec)).length * callers.length;
    const writes = matrix.filter((r) => isWrite(r.spec)).length * callers.length;
    console.log(
      `permission matrix: ${matrix.length} rows, ${reads} reads and ${writes} writes (${reads + writes} cells)`,
    );
    await t.close();
  });

  it('has a row for every route of the table', () => {
    const covered = new Set(matrix.map((r) => r.spec));
    const missing = apiRoutes()
      .filter(({ spec }) => !covered.has(spec))
      .map(({ spec }) => `${spec.method} ${spec.path}`);
    expect(missing).toEqual([]);
  });

  it('refuses every admin route to everyone but admins', () => {
    for (const r of matrix.filter((r) => r.spec.access === 'admin')) {
      for (const caller of ['owner', 'viewer', 'editor', 'stranger'] as const) {
        expect(r.expected[caller], `${r.spec.method} ${r.spec.path} as ${caller}`).toBe(403);
      }
    }
  });

  it.each(matrix.map((r) => [`${r.spec.method} ${r.spec.path}`, r.target, r] as const))(
    '%s on %s',
    async (_route, _target, r) => {
      const w = r.ownWorld ? await createWorld(t) : world;
      const expected: Record<string, string> = {};
      const actual: Record<string, string> = {};
      for (const caller of callers) {
        expected[caller] = expectedAnswer(r, caller);
        actual[caller] = await callAs(t, w, r, caller);
      }
      expect(actual).toEqual(expected);
    },
  );
});
