import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp, TestResponse } from './app';
import { createUser, type TestUser } from './factories';
import { signToken, verifyToken } from '../src/security/tokens';

/**
 * Who calls, in the standing suites (fuzz and permission matrix): nobody, the owner of the
 * world's resources, a viewer and an editor of its shared category, another learner, an admin
 * who is none of these, a disabled learner, and credentials that must never pass.
 */
export type Caller =
  | 'anonymous'
  | 'owner'
  | 'viewer'
  | 'editor'
  | 'stranger'
  | 'admin'
  | 'disabled'
  | 'expired'
  | 'tampered';

export const callers: readonly Caller[] = [
  'anonymous',
  'owner',
  'viewer',
  'editor',
  'stranger',
  'admin',
  'disabled',
  'expired',
  'tampered',
];

/** The callers that are a learner signed in (their bearer works). */
export type Member = 'owner' | 'viewer' | 'editor' | 'stranger' | 'admin';

/**
 * One owner's resources as others see them: each category and card as the matrix names it.
 * `shared` has the viewer and the editor as members, `sharedChild` inherits them, `private`
 * and its `privateChild` are the owner's alone, `public` is readable by everyone signed in.
 */
export interface WorldIds {
  categories: {
    private: string;
    privateChild: string;
    shared: string;
    sharedChild: string;
    public: string;
    /** The stranger's own category. */
    stranger: string;
  };
  cards: {
    uncategorised: string;
    private: string;
    shared: string;
    sharedChild: string;
    public: string;
    stranger: string;
  };
  /** clientReviewIds of reviews already written: the owner's (on their own card, failed so it
   * can be overridden), the viewer's (on the shared card), the stranger's (on their card). */
  reviews: { owner: string; viewer: string; stranger: string };
}

export interface World {
  t: TestApp;
  users: Record<Member | 'disabled', TestUser>;
  /** The owner's access token past its expiry, and one with its payload changed (bad signature). */
  expiredToken: string;
  tamperedToken: string;
  ids: WorldIds;
  /** The access token a caller sends (undefined for anonymous). */
  tokenOf(caller: Caller): string | undefined;
  /** The user behind a signed-in caller. */
  userOf(caller: Caller): TestUser | undefined;
  /** The sign-in session of a user's current access token. */
  tokenIdOf(member: Member): string;
}

/** `Bearer <base64 of the JWT>`, as the web client sends it. */
export function bearer(token: string): string {
  return `Bearer ${Buffer.from(token).toString('base64')}`;
}

export const label = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** A call of the world's setup as a user; fails loudly when the setup call fails. */
export async function must(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser,
  payload?: unknown,
): Promise<Record<string, unknown>> {
  const res: TestResponse = await t.call({
    method,
    url,
    token: user.access,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (res.status >= 300) {
    throw new Error(`${method} ${url} failed: ${res.status} ${JSON.stringify(res.payload)}`);
  }
  return res.payload;
}

export async function createCategory(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<string> {
  return String(
    (await must(t, 'POST', '/api/categories', user, { name: label('Cat'), ...body }))['id'],
  );
}

export async function createCard(
  t: TestApp,
  user: TestUser,
  categoryId: string | null,
  front = label('la casa'),
): Promise<string> {
  const body = {
    front,
    answers: ['the house', 'the home'],
    notes: 'Una casa grande.',
    fromLanguageCode: 'es',
    toLanguageCode: 'en',
    ...(categoryId ? { categoryId } : {}),
  };
  return String((await must(t, 'POST', '/api/cards', user, body))['id']);
}

/** The owner invites `user` into `categoryId` with `role`: the pending invitation's id. */
export async function invite(
  t: TestApp,
  owner: TestUser,
  categoryId: string,
  user: TestUser,
  role: 'viewer' | 'editor',
): Promise<string> {
  const invitation = await must(t, 'POST', `/api/categories/${categoryId}/members`, owner, {
    username: user.username,
    role,
  });
  return String(invitation['id']);
}

/**
 * Makes `user` a member of `categoryId` with `role` (the category must be shared or public), as
 * the app does: the owner invites, the user accepts. The invitation is then dated a day back, so
 * that the worlds' memberships do not use up the owner's invitations of the day (docs/limits.md),
 * which the cells themselves send.
 */
export async function addMember(
  t: TestApp,
  owner: TestUser,
  categoryId: string,
  user: TestUser,
  role: 'viewer' | 'editor',
): Promise<void> {
  const id = await invite(t, owner, categoryId, user, role);
  await must(t, 'POST', `/api/invitations/${id}/accept`, user);
  await t.app.deps.db
    .updateTable('category_invitations')
    .set((eb) => ({ created_at: eb('created_at', '-', 25 * 60 * 60 * 1000) }))
    .where('id', '=', id)
    .execute();
}

/** Answers a card (wrongly unless `guess` is given) and gives back the review's clientReviewId. */
export async function review(
  t: TestApp,
  user: TestUser,
  cardId: string,
  guess = 'something else entirely',
): Promise<string> {
  const clientReviewId = randomUUID();
  await must(t, 'POST', '/api/study/reviews', user, {
    cardId,
    guess,
    clientReviewId,
    elapsedMs: 2500,
  });
  return clientReviewId;
}

/** A shared category of `owner` with the editor and the viewer as members. */
export async function sharedCategory(
  t: TestApp,
  owner: TestUser,
  viewer: TestUser,
  editor: TestUser,
  parentId?: string,
): Promise<string> {
  const id = await createCategory(t, owner, {
    visibility: 'shared',
    ...(parentId ? { parentId } : {}),
  });
  await addMember(t, owner, id, viewer, 'viewer');
  await addMember(t, owner, id, editor, 'editor');
  return id;
}

/**
 * A world of real data on the test app: the owner's private, shared and public categories (each
 * with a card, the first two with a sub-category), their members, another learner with their own
 * category and card, an admin, a disabled learner, reviews by the owner, the viewer and the
 * stranger, and two bearers that must fail. Each call makes new users, so worlds never collide.
 */
export async function createWorld(t: TestApp): Promise<World> {
  const [owner, viewer, editor, stranger, admin, disabled] = await Promise.all([
    createUser(t, { verified: true }),
    createUser(t, { verified: true }),
    createUser(t, { verified: true }),
    createUser(t, { verified: true }),
    createUser(t, { verified: true, role: 'admin' }),
    createUser(t, { verified: true, disabled: true }),
  ]);
  const privateCategory = await createCategory(t, owner, {});
  const privateChild = await createCategory(t, owner, { parentId: privateCategory });
  const shared = await sharedCategory(t, owner, viewer, editor);
  const sharedChild = await createCategory(t, owner, { parentId: shared, visibility: 'shared' });
  const publicCategory = await createCategory(t, owner, { visibility: 'public' });
  const strangerCategory = await createCategory(t, stranger, {});
  const cards = {
    uncategorised: await createCard(t, owner, null),
    private: await createCard(t, owner, privateChild),
    shared: await createCard(t, owner, shared),
    sharedChild: await createCard(t, owner, sharedChild),
    public: await createCard(t, owner, publicCategory),
    stranger: await createCard(t, stranger, strangerCategory),
  };
  const reviews = {
    owner: await review(t, owner, cards.uncategorised),
    viewer: await review(t, viewer, cards.shared),
    stranger: await review(t, stranger, cards.stranger),
  };

  const { keys } = t.app.deps;
  const claims = verifyToken(keys, 'access', owner.access, Date.now());
  const hourAgo = Date.now() - 3_600_000;
  const expiredToken = await signToken(keys, 'access', claims.payload, hourAgo, hourAgo + 60_000);
  const [header = '', , signature = ''] = owner.access.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...claims, payload: { ...claims.payload, userId: stranger.id } }),
  ).toString('base64url');
  const tamperedToken = `${header}.${forged}.${signature}`;

  const users = { owner, viewer, editor, stranger, admin, disabled };
  const tokenOf = (caller: Caller): string | undefined => {
    switch (caller) {
      case 'anonymous':
        return undefined;
      case 'expired':
        return expiredToken;
      case 'tampered':
        return tamperedToken;
      default:
        return users[caller].access;
    }
  };
  return {
    t,
    users,
    expiredToken,
    tamperedToken,
    ids: {
      categories: {
        private: privateCategory,
        privateChild,
        shared,
        sharedChild,
        public: publicCategory,
        stranger: strangerCategory,
      },
      cards,
      reviews,
    },
    tokenOf,
    tokenIdOf: (member) =>
      verifyToken(keys, 'access', users[member].access, Date.now()).payload.tokenId,
    userOf: (caller) =>
      caller === 'anonymous' || caller === 'expired' || caller === 'tampered'
        ? undefined
        : users[caller],
  };
}
