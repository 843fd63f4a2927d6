import { api, type CategoryTreeItem } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, file, ok } from '../../../test/fake-api';
import { categoryTree, fakeToken, renderPage, stubResizeObserver } from '../../../test/render';
import { CategoryDetail } from './category-detail';

const time = '2026-01-01T00:00:00.000Z';
const spanish: CategoryTreeItem = {
  id: 'c-es',
  parentId: null,
  owner: { id: 'user-1', username: 'ada' },
  name: 'Spanish',
  description: '',
  visibility: 'private',
  fromLanguageCode: null,
  toLanguageCode: null,
  reverseDefault: false,
  depth: 1,
  version: 1,
  createdAt: time,
  updatedAt: time,
  role: 'owner',
  cardCount: 2,
  memberCount: 0,
};

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAppStateForTests();
});

describe('category export', () => {
  it('downloads the category as CSV from the export call with its id', async () => {
    const { fetch } = fakeApi()
      .on(api.cards.export, () =>
        file('front,answers,notes,category,from,to\n', 'text/csv', 'glossa-spanish.csv'),
      )
      .on(api.categories.view, () =>
        ok({
          category: spanish,
          permissions: {
            study: true,
            editCards: true,
            manage: false,
            viewMembers: false,
            leave: false,
          },
          ancestors: [],
          subcategories: [],
        }),
      )
      .on(api.cards.list, () => ok({ items: [], nextCursor: null, total: 0 }))
      .on(api.categories.tree, () => ok(categoryTree([spanish])));
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:category'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    const user = userEvent.setup();
    renderPage('*', '/app/organize/c-es', <CategoryDetail id="c-es" />);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(names).toEqual(['glossa-spanish.csv']));
    expect(
      fetch.mock.calls.some(([url]) => url === '/api/cards/export?format=csv&categoryId=c-es'),
    ).toBe(true);
  });
});
