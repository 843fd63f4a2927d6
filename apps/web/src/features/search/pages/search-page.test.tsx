import { api, type SearchResults } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { HelpSearchContext } from '../../../lib/help-search';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import { QuickSearch } from '../components/quick-search';
import SearchPage from './search-page';

const time = '2026-03-01T10:00:00.000Z';

const results: SearchResults = {
  cards: {
    items: [
      {
        id: 'c-1',
        front: 'el Café',
        answers: ['the coffee'],
        notes: '',
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId: null,
        match: 'word',
        own: true,
        updatedAt: time,
      },
      {
        id: 'c-2',
        front: 'la cafetería',
        answers: ['the café'],
        notes: 'Shared by bruno',
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId: 'k-1',
        match: 'prefix',
        own: false,
        updatedAt: time,
      },
    ],
    more: false,
  },
  categories: {
    items: [
      {
        id: 'k-1',
        name: 'Cafés y bares',
        description: '',
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        match: 'word',
        own: false,
        updatedAt: time,
      },
    ],
    more: false,
  },
};

const empty: SearchResults = {
  cards: { items: [], more: false },
  categories: { items: [], more: false },
};

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function server(answer: (q: string) => SearchResults | Promise<SearchResults> = () => results) {
  return fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.categories.tree, () => ok({ items: [], omitted: 0 }))
    .on(api.search.search, async ({ query }) => ok(await answer(query.q)));
}

const searches = (fetch: FakeApi['fetch']) =>
  fetch.mock.calls
    .filter(([url]) => String(url).startsWith('/api/search?'))
    .map(([url, init]) => ({
      query: Object.fromEntries(new URL(String(url), 'http://x').searchParams),
      signal: init?.signal,
    }));

describe('search page', () => {
  it('searches the query of the URL and shows the results by kind, highlighted, as links', async () => {
    const { fetch } = server();
    renderPage('/app/search', '/app/search?q=cafe', <SearchPage />);
    const cards = await screen.findByRole('region', { name: 'Cards' });
    const links = within(cards).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/card/c-1',
      '/app/card/c-2',
    ]);
    // The accented word is marked for the query without accents.
    expect(within(links[0] as HTMLElement).getByText('Café').tagName).toBe('MARK');
    expect(within(links[1] as HTMLElement).getByText('not yours')).toBeTruthy();
    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByRole('link').getAttribute('href')).toBe('/app/organize/k-1');
    expect(screen.getByText('2 cards and 1 category').getAttribute('role')).toBe('status');
    expect(searches(fetch)[0]?.query).toEqual({ q: 'cafe', scope: 'mine', limit: '20' });
  });

  it('searches as the learner types, keeps the query in the URL, and cancels a search typed over', async () => {
    let release: (() => void) | undefined;
    const { fetch } = server(async (q) => {
      if (q === 'caf') await new Promise<void>((resolve) => (release = resolve));
      return q === 'cafe' ? results : empty;
    });
    renderPage('/app/search', '/app/search', <SearchPage />);
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'caf');
    await waitFor(() => expect(searches(fetch).map((s) => s.query['q'])).toEqual(['caf']));
    await user.type(box, 'e');
    await screen.findByRole('region', { name: 'Cards' });
    const [first, second] = searches(fetch);
    expect(first?.signal?.aborted).toBe(true);
    expect(second?.query).toMatchObject({ q: 'cafe' });
    expect(screen.getByTestId('location').textContent).toContain('/app/search?q=cafe');
    release?.();
    await user.selectOptions(screen.getByLabelText('Search in'), 'public');
    await waitFor(() => expect(searches(fetch).at(-1)?.query).toMatchObject({ scope: 'public' }));
    await user.selectOptions(screen.getByLabelText('Language'), 'es');
    await waitFor(() => expect(searches(fetch).at(-1)?.query).toMatchObject({ language: 'es' }));
  });
});

/** A page with a text field and a button, the header's quick search beside it. */
function Screen({ studying = false }: { studying?: boolean }) {
  return (
    <div>
      <QuickSearch />
      <label>
        Notes <input />
      </label>
      <button type="button">Somewhere</button>
      {studying ? <div data-keyboard-owner="study">A study session</div> : null}
    </div>
  );
}

describe('quick search palette', () => {
  it('opens with /, searches as typed, chooses by arrows and opens with Enter', async () => {
    server();
    renderPage('/app/browse', '/app/browse', <Screen />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Somewhere' }).focus();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Quick search' });
    const box = within(dialog).getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, 'cafe');
    await within(dialog).findByRole('option', { name: /Cafés y bares/ });
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('/app/card/c-1'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with Ctrl+K, closes with Esc and gives focus back where it was', async () => {
    server();
    renderPage('/app/browse', '/app/browse', <Screen />);
    const user = userEvent.setup();
    const somewhere = screen.getByRole('button', { name: 'Somewhere' });
    somewhere.focus();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Quick search' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(somewhere));
  });

  it('never opens while the learner types in a field or while study owns the keyboard', async () => {
    server();
    renderPage('/app/browse', '/app/browse', <Screen studying />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Notes'), 'a/b');
    expect((screen.getByLabelText('Notes') as HTMLInputElement).value).toBe('a/b');
    screen.getByRole('button', { name: 'Somewhere' }).focus();
    await user.keyboard('/');
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('help in the search', () => {
  const helpHit = {
    href: '/app/wiki/import-export#importing-cards',
    article: 'Import and export',
    section: 'Importing cards',
    excerpt: 'Every row is checked before anything is saved.',
    lang: 'en',
  };
  /** The app layer's loader of the wiki's index, as a stand-in that finds one section. */
  const loadHelp = vi.fn(() =>
    Promise.resolve((query: string) => (query.trim().startsWith('imp') ? [helpHit] : [])),
  );

  it('adds a Help group to the palette, found on the device, that opens the section', async () => {
    server(() => empty);
    renderPage(
      '/app/browse',
      '/app/browse',
      <HelpSearchContext value={loadHelp}>
        <Screen />
      </HelpSearchContext>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Somewhere' }).focus();
    await user.keyboard('/');
    const dialog = await screen.findByRole('dialog', { name: 'Quick search' });
    expect(loadHelp).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), 'import');
    const option = await within(dialog).findByRole('option', {
      name: /Import and export › Importing cards/,
    });
    expect(within(dialog).getByText('Help')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('1 help article.')).toBeTruthy());
    await user.click(option);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/app/wiki/import-export'),
    );
  });

  it('lists the help beside the results on the search page', async () => {
    server();
    renderPage(
      '/app/search',
      '/app/search?q=import',
      <HelpSearchContext value={loadHelp}>
        <SearchPage />
      </HelpSearchContext>,
    );
    const help = await screen.findByRole('region', { name: 'Help' });
    expect(within(help).getByRole('link').getAttribute('href')).toBe(helpHit.href);
    expect(within(help).getByText(helpHit.excerpt)).toBeTruthy();
  });
});
