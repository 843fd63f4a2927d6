import { api, type Card } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import {
  categoryTree,
  fakeToken,
  renderPage,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
import BrowsePage from './browse-page';

function makeCard(index: number): Card {
  const time = new Date(Date.UTC(2025, 0, 1 + index)).toISOString();
  return {
    id: `card-${index}`,
    ownerId: 'user-1',
    categoryId: null,
    front: `front ${index}`,
    answers: [`answer ${index}`],
    notes: '',
    fromLanguageCode: 'fr',
    toLanguageCode: 'en',
    reverse: 'inherit',
    asksReverse: false,
    canEdit: true,
    version: 1,
    createdAt: time,
    updatedAt: time,
  };
}

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function stubServer(count = 5) {
  let cards = Array.from({ length: count }, (_, index) => makeCard(index));
  return fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.categories.tree, () => ok(categoryTree([])))
    .on(api.cards.list, ({ query }) => {
      const sorted =
        query.sort === 'front' && query.order === 'desc' ? [...cards].reverse() : cards;
      return ok({ items: sorted, nextCursor: null, total: sorted.length });
    })
    .on(api.cards.bulkDelete, ({ body }) => {
      cards = cards.filter((card) => !body.ids.includes(card.id));
      return ok({ count: body.ids.length });
    }).fetch;
}

/**
 * jsdom lays nothing out: the grid's scrolling viewport gets a browser's height, scroll height and
 * scrollTo (which moves scrollTop within bounds and fires scroll).
 */
function layOutViewport(grid: HTMLElement, height = 640) {
  const body = within(grid).getAllByRole('rowgroup')[1];
  const viewport = body?.parentElement;
  if (!body || !viewport) throw new Error('the grid has no scrolling body');
  const scrollHeight = () => Number.parseFloat(body.style.height);
  Object.defineProperties(viewport, {
    clientHeight: { configurable: true, get: () => height },
    scrollHeight: { configurable: true, get: scrollHeight },
    scrollTo: {
      configurable: true,
      value(options: ScrollToOptions) {
        const top = options.top ?? viewport.scrollTop;
        viewport.scrollTop = Math.max(0, Math.min(top, scrollHeight() - height));
        viewport.dispatchEvent(new Event('scroll'));
      },
    },
  });
}

function rows() {
  return within(screen.getByRole('grid', { name: 'Cards' }))
    .getAllByRole('row')
    .slice(1);
}

describe('browse page', () => {
  it('renders a page of cards and sorts by a header', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/browse', '/app/browse', <BrowsePage />);

    expect(await screen.findByRole('link', { name: 'front 0' })).toBeTruthy();
    expect(rows()).toHaveLength(5);
    const created = screen.getByRole('columnheader', { name: /Created/ });
    expect(created.getAttribute('aria-sort')).toBe('descending');

    await user.click(screen.getByRole('button', { name: /Front/ }));
    const front = screen.getByRole('columnheader', { name: /Front/ });
    expect(front.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe(
      'none',
    );
    await user.click(screen.getByRole('button', { name: /Front/ }));
    expect(screen.getByRole('columnheader', { name: /Front/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('front 4')).toBeTruthy());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('sort=front&order=desc'))).toBe(
      true,
    );
  });

  it('selects a range with shift-click and bulk-deletes it after confirmation', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/browse', '/app/browse', <BrowsePage />);

    await user.click(await screen.findByRole('checkbox', { name: 'Select “front 1”' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select “front 3”' }));
    await user.keyboard('{/Shift}');

    expect(rows().map((row) => row.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(screen.getByText('3 selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete 3 cards',
      }),
    );

    await waitFor(() => expect(rows()).toHaveLength(2));
    const call = fetch.mock.calls.find(([url]) => url === '/api/cards/bulk-delete');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: ['card-1', 'card-2', 'card-3'] });
  });

  it('moves the active row with the arrows, selects with Space and opens with Enter', async () => {
    stubServer();
    const user = userEvent.setup();
    renderPage('/app/browse', '/app/browse', <BrowsePage />);
    await screen.findByRole('link', { name: 'front 0' });

    screen.getByRole('grid', { name: 'Cards' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(rows()[2]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/app/card/card-2');
  });

  it('renders only the visible rows of a long list', async () => {
    stubServer(5000);
    renderPage('/app/browse', '/app/browse', <BrowsePage />);
    await screen.findByRole('link', { name: 'front 0' });
    expect(rows().length).toBeLessThan(60);
  });

  it('scrolls the active row into view when the keyboard moves it', async () => {
    stubServer(1000);
    const user = userEvent.setup();
    renderPage('/app/browse', '/app/browse', <BrowsePage />);
    await screen.findByRole('link', { name: 'front 0' });
    const grid = screen.getByRole('grid', { name: 'Cards' });
    layOutViewport(grid);
    grid.focus();

    const activeRow = () => {
      const id = grid.getAttribute('aria-activedescendant') ?? '';
      return document.getElementById(id);
    };
    await user.keyboard('{End}');
    await waitFor(() =>
      expect(within(activeRow() as HTMLElement).getByText('front 999')).toBeTruthy(),
    );
    expect(activeRow()?.getAttribute('aria-rowindex')).toBe('1001');
    expect(rows().length).toBeLessThan(60);
    await user.keyboard('{PageUp}');
    await waitFor(() =>
      expect(within(activeRow() as HTMLElement).getByText(/^front 9[89]\d$/)).toBeTruthy(),
    );
    await user.keyboard('{Home}');
    await waitFor(() =>
      expect(within(activeRow() as HTMLElement).getByText('front 0')).toBeTruthy(),
    );
  });

  it('counts every card of the list, not the loaded ones ("100+")', async () => {
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.list, ({ query }) =>
        ok({
          items: Array.from({ length: 100 }, (_, index) => makeCard(index)),
          nextCursor: 'next',
          total: query.cursor ? null : 100_000,
        }),
      );
    renderPage('/app/browse', '/app/browse', <BrowsePage />);
    expect(await screen.findByText('100,000 cards')).toBeTruthy();
  });

  it('clears the selection with Esc, from the table or elsewhere on the page', async () => {
    stubServer();
    const user = userEvent.setup();
    renderPage('/app/browse', '/app/browse', <BrowsePage />);
    await screen.findByRole('link', { name: 'front 0' });
    const selected = () => rows().filter((row) => row.getAttribute('aria-selected') === 'true');

    screen.getByRole('grid', { name: 'Cards' }).focus();
    await user.keyboard(' {ArrowDown} ');
    expect(selected()).toHaveLength(2);
    expect(screen.getByText('5 cards, 2 selected (Esc clears)')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(selected()).toHaveLength(0);
    expect(screen.getByText('5 cards')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded cards' }));
    expect(selected()).toHaveLength(5);
    await user.keyboard('{Escape}');
    expect(selected()).toHaveLength(0);
  });
});
