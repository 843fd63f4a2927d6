import { randomBytes } from 'node:crypto';
import { categoryTreeSchema } from '@glossa/contract';
import type { TestApp, TestResponse } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A call as one user (or anonymous with undefined), failing loudly when a setup call fails. */
export function caller(t: TestApp) {
  const call = (method: Method, url: string, user: TestUser | undefined, payload?: unknown) =>
    t.call({
      method,
      url,
      ...(user ? { token: user.access } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const must = async (
    method: Method,
    url: string,
    user: TestUser,
    payload?: unknown,
  ): Promise<Record<string, unknown>> => {
    const res: TestResponse = await call(method, url, user, payload);
    if (res.status >= 300) {
      throw new Error(`${method} ${url} failed: ${res.status} ${JSON.stringify(res.payload)}`);
    }
    return res.payload;
  };
  return { call, must };
}

/** Creates a category (answering its id) and reads a user's tree, as the category tests do. */
export function categoryCalls(t: () => TestApp) {
  const create = async (user: TestUser, body: Record<string, unknown>) =>
    String((await caller(t()).must('POST', '/api/categories', user, body))['id']);
  const tree = async (user: TestUser) =>
    categoryTreeSchema.parse((await caller(t()).call('GET', '/api/categories', user)).payload)
      .items;
  return { create, tree };
}

export const byId = <T extends { id: string }>(items: T[], id: string) =>
  items.find((item) => item.id === id);

export const uniqueLabel = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

export const cardBody = (overrides: Record<string, unknown> = {}) => ({
  front: uniqueLabel('la casa'),
  answers: ['the house', 'the home'],
  fromLanguageCode: 'es',
  toLanguageCode: 'en',
  ...overrides,
});

/**
 * Makes `member` a member of the category with `role`, as the app does: the owner invites, the
 * invitee accepts. Answers the accepted invitation's id.
 */
export async function addMember(
  t: TestApp,
  owner: TestUser,
  categoryId: string,
  member: TestUser,
  role: 'viewer' | 'editor',
): Promise<string> {
  const { must } = caller(t);
  const invitation = await must('POST', `/api/categories/${categoryId}/members`, owner, {
    username: member.username,
    role,
  });
  const id = String(invitation['id']);
  await must('POST', `/api/invitations/${id}/accept`, member);
  return id;
}

export type Actor = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous';
export const actors: Actor[] = ['owner', 'editor', 'viewer', 'stranger', 'anonymous'];

export interface SharedWorld {
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  as(actor: Actor): TestUser | undefined;
  /** A shared category of the owner with an editor and a viewer. */
  categoryId: string;
  /** A card of the owner in that category. */
  cardId: string;
  /** A private category of the owner and a card in it. */
  privateCategoryId: string;
  privateCardId: string;
}

/** An owner, an editor and a viewer of one shared category, and a stranger: fresh for each call. */
export async function sharedWorld(t: TestApp): Promise<SharedWorld> {
  const { must } = caller(t);
  const [owner, editor, viewer, stranger] = await Promise.all([
    createUser(t),
    createUser(t),
    createUser(t),
    createUser(t),
  ]);
  const category = await must('POST', '/api/categories', owner, {
    name: uniqueLabel('Shared'),
    visibility: 'shared',
  });
  const categoryId = String(category['id']);
  await addMember(t, owner, categoryId, editor, 'editor');
  await addMember(t, owner, categoryId, viewer, 'viewer');
  const card = await must('POST', '/api/cards', owner, cardBody({ categoryId }));
  const privateCategory = await must('POST', '/api/categories', owner, {
    name: uniqueLabel('Private'),
  });
  const privateCategoryId = String(privateCategory['id']);
  const privateCard = await must(
    'POST',
    '/api/cards',
    owner,
    cardBody({ categoryId: privateCategoryId }),
  );
  const users = { owner, editor, viewer, stranger };
  return {
    users,
    as: (actor) => (actor === 'anonymous' ? undefined : users[actor]),
    categoryId,
    cardId: String(card['id']),
    privateCategoryId,
    privateCardId: String(privateCard['id']),
  };
}
