import { api, type CategoryMemberView, type CategoryTreeItem } from '@glossa/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { failure, fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import {
  categoryFixture,
  categoryTree,
  renderPage,
  stubResizeObserver,
} from '../../../test/render';
import { OrganizePage } from './organize-page';

/**
 * For the organize page tests: a tree of four categories (two of them under Languages, one shared
 * by another learner), a server that answers for them, and the reset after each test.
 */

export const time = '2026-01-01T00:00:00.000Z';

export const category = categoryFixture;

export const languages = category({ id: 'c-lang', name: 'Languages', cardCount: 3 });
export const verbs = category({ id: 'c-verbs', name: 'Verbs', parentId: 'c-lang', depth: 2 });
export const nouns = category({
  id: 'c-nouns',
  name: 'Nouns',
  parentId: 'c-lang',
  depth: 2,
  visibility: 'shared',
});
export const travel = category({
  id: 'c-travel',
  name: 'Travel',
  owner: { id: 'user-2', username: 'bob' },
  visibility: 'shared',
  role: 'viewer',
});
const items = [languages, verbs, nouns, travel];

const ownerPermissions = {
  study: true,
  editCards: true,
  manage: true,
  viewMembers: true,
  leave: false,
};

export function memberView(
  item: CategoryTreeItem,
  permissions = ownerPermissions,
): CategoryMemberView {
  return { category: item, permissions, ancestors: [], subcategories: [] };
}

/** GET /api/categories/{id}: the owner's view of a category of the tree, else not found. */
export function viewOf(id: string) {
  const found = items.find((item) => item.id === id);
  return found ? ok(memberView(found)) : failure(404, 'not_found', 'Category not found');
}

/** The server of the tree: tests answer their own calls with `.on(…)` on top. */
export function organizeServer(): FakeApi {
  return fakeApi()
    .on(api.categories.tree, () => ok(categoryTree(items)))
    .on(api.cards.list, () => ok({ items: [], nextCursor: null, total: 0 }))
    .on(api.categories.members, () => ok({ items: [] }))
    .on(api.categories.invitations, () => ok({ items: [] }))
    .on(api.explore.joined, () => ok({ items: [] }))
    .on(api.categories.view, ({ params }) => viewOf(params.id));
}

/** The calls sent with `method`: their URL and body as the page sent them. */
export function calls(fetch: FakeApi['fetch'], method: string) {
  return fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

export function renderOrganize(url = '/app/organize') {
  return renderPage('/app/organize/:id?', url, <OrganizePage />);
}

/** ResizeObserver stubbed (Radix measures with it); fetch and app state reset after each test. */
export function organizePageHarness(): void {
  beforeEach(() => {
    stubResizeObserver();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    resetAppStateForTests();
  });
}
