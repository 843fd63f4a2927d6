import type { CategoryMemberView, CategoryTreeItem } from '@glossa/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import {
  categoryFixture,
  failure,
  ok,
  renderPage,
  stubFetch,
  stubResizeObserver,
  type FakeResponse,
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

type Call = { method: string; url: string; body: unknown };

export function stubApi(extra: (call: Call) => FakeResponse | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/api/categories') return ok({ items });
    if (call.method === 'GET' && call.url.startsWith('/api/cards?'))
      return ok({ items: [], nextCursor: null });
    const members = /^\/api\/categories\/([^/]+)\/members$/.exec(call.url);
    if (call.method === 'GET' && members) return ok({ items: [] });
    const one = /^\/api\/categories\/([^/?]+)$/.exec(call.url);
    if (call.method === 'GET' && one) {
      const found = items.find((item) => item.id === one[1]);
      return found ? ok(memberView(found)) : failure(404, 'not_found', 'Category not found');
    }
    return failure(500, 'internal_error', `Unexpected ${call.method} ${call.url}`);
  });
}

export function calls(fetch: ReturnType<typeof stubFetch>, method: string) {
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
