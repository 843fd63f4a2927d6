import {
  api,
  type DeckPreview,
  type DeckSummary,
  type ExplorePage as ExploreList,
} from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import ExplorePage from './explore-page';

const time = '2026-03-01T10:00:00.000Z';

const deck = (overrides: Partial<DeckSummary> = {}): DeckSummary => ({
  id: 'd-1',
  name: 'Les verbes',
  description: 'The 200 verbs you meet first',
  fromLanguageCode: 'fr',
  toLanguageCode: 'en',
  cardCount: 240,
  learnerCount: 12,
  owner: { username: 'bruno' },
  publishedAt: time,
  updatedAt: time,
  joined: false,
  own: false,
  ...overrides,
});

const previewCards = ['manger', 'boire', 'dormir', 'parler', 'voir', 'aller'].map((front, i) => ({
  id: `card-${i}`,
  categoryId: 'd-1',
  front,
  answers: [['to eat', 'to drink', 'to sleep', 'to speak', 'to see', 'to go'][i] ?? ''],
  notes: '',
  fromLanguageCode: 'fr',
  toLanguageCode: 'en',
}));

const preview = (summary: DeckSummary): DeckPreview => ({
  deck: summary,
  published: true,
  subcategories: [
    { id: 's-1', parentId: 'd-1', name: 'Irregular', depth: 2, cardCount: 40 },
    { id: 's-2', parentId: 's-1', name: 'Être and avoir', depth: 3, cardCount: 2 },
  ],
  subcategoriesOmitted: 0,
  cards: previewCards,
});

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

/** A server of one page of decks (or the given pages by cursor) and the deck's preview. */
function server(
  pages: Record<string, ExploreList> = { '': { items: [deck()], nextCursor: null } },
) {
  let joined = false;
  return fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.explore.list, ({ query }) =>
      ok(pages[query.cursor ?? ''] ?? { items: [], nextCursor: null }),
    )
    .on(api.explore.preview, ({ params }) =>
      params.id === 'd-1'
        ? ok(preview(deck({ joined, learnerCount: joined ? 13 : 12 })))
        : failure(404, 'not_found', 'Deck not found'),
    )
    .on(api.explore.join, () => {
      joined = true;
      return ok({ joined: true, learnerCount: 13 });
    })
    .on(api.explore.leave, () => {
      joined = false;
      return ok({ joined: false, learnerCount: 12 });
    });
}

const listQueries = (fetch: FakeApi['fetch']) =>
  fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/explore?'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));

const posts = (fetch: FakeApi['fetch']) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

const renderExplore = (url = '/app/explore') => renderPage('/app/explore', url, <ExplorePage />);

describe('explore', () => {
  it('lists the decks of the learner’s own pair first, then as the filters and the order say, in the URL', async () => {
    const { fetch } = server();
    renderExplore();
    const card = await screen.findByRole('article', { name: 'Les verbes' });
    within(card).getByText('Français → English');
    within(card).getByText('240 cards');
    within(card).getByText('12 learners');
    within(card).getByText('by bruno');
    expect(listQueries(fetch)[0]).toEqual({ from: 'fr', to: 'en', sort: 'popular', limit: '20' });
    expect(screen.getByText('1 deck').getAttribute('role')).toBe('status');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Order'), 'new');
    await waitFor(() => expect(listQueries(fetch).at(-1)).toMatchObject({ sort: 'new' }));
    await user.selectOptions(screen.getByLabelText('Cards in'), '');
    await waitFor(() =>
      expect(listQueries(fetch).at(-1)).toEqual({ to: 'en', sort: 'new', limit: '20' }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'verbes');
    await waitFor(() => expect(listQueries(fetch).at(-1)).toMatchObject({ q: 'verbes' }));
    expect(screen.getByTestId('location').textContent).toContain(
      '/app/explore?sort=new&from=any&q=verbes',
    );
  });

  it('loads the next page as the list goes on, by the button too', async () => {
    const { fetch } = server({
      '': { items: [deck()], nextCursor: 'page-2' },
      'page-2': { items: [deck({ id: 'd-2', name: 'Les noms' })], nextCursor: null },
    });
    renderExplore();
    await screen.findByRole('article', { name: 'Les verbes' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more decks' }));
    await screen.findByRole('article', { name: 'Les noms' });
    expect(listQueries(fetch).at(-1)).toMatchObject({ cursor: 'page-2' });
    screen.getByText('That is every deck that matches.');
  });

  it('says when nothing matches, and offers every language', async () => {
    const { fetch } = server({ '': { items: [], nextCursor: null } });
    renderExplore();
    await screen.findByRole('heading', { name: 'No public deck here yet' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show every language' }));
    await waitFor(() =>
      expect(listQueries(fetch).at(-1)).toEqual({ sort: 'popular', limit: '20' }),
    );
  });

  it('previews a deck without joining, then joins and leaves it', async () => {
    const { fetch } = server();
    renderExplore();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Les verbes' });
    expect(screen.getByTestId('location').textContent).toContain('/app/explore?deck=d-1');
    within(dialog).getByText('Irregular');
    within(dialog).getByText('Être and avoir');
    within(dialog).getByText('manger');
    within(dialog).getByText('to eat');
    within(dialog).getByRole('heading', { name: 'The first 6 of 240 cards' });
    expect(posts(fetch)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    await within(dialog).findByRole('button', { name: 'Leave' });
    expect(getAppState().successToast?.body).toBe(
      'You joined “Les verbes”: its cards are in your study queue.',
    );
    within(dialog).getByText('13 learners');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await within(dialog).findByRole('button', { name: 'Join' });
    expect(posts(fetch).map((call) => call.url)).toEqual([
      '/api/explore/decks/d-1/join',
      '/api/explore/decks/d-1/leave',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/explore'));
  });

  it('tries five cards by keyboard, scored here, and sends nothing', async () => {
    const { fetch } = server();
    renderExplore('/app/explore?deck=d-1');
    const dialog = await screen.findByRole('dialog', { name: 'Les verbes' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Try 5 cards' }));
    const answers = ['to eat', 'drink', 'nothing', 'to speak', 'to see'];
    for (const [i, answer] of answers.entries()) {
      await within(dialog).findByRole('heading', { name: `Try card ${i + 1} of 5` });
      const field = within(dialog).getByLabelText('Your answer in English');
      await waitFor(() => expect(field).toBe(document.activeElement));
      await user.keyboard(`${answer}{Enter}`);
      const result = await within(dialog).findByRole('status');
      expect(result.textContent).toMatch(
        answer === 'nothing' ? /Not right/ : /Exactly right|Right, with a slip/,
      );
      await waitFor(() =>
        expect(
          within(dialog).getByRole('button', { name: i < 4 ? 'Next card' : 'See how it went' }),
        ).toBe(document.activeElement),
      );
      await user.keyboard('{Enter}');
    }
    await within(dialog).findByRole('heading', { name: 'You got 4 of 5 right' });
    expect(posts(fetch)).toEqual([]);
  });

  it('copies a deck with a progress bar, and links the copy', async () => {
    let finish: (() => void) | undefined;
    const copied = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { fetch } = server()
      .on(api.explore.copyProgress, () =>
        ok({ status: 'copying' as const, cardsTotal: 240, cardsCopied: 120, categoryId: 'mine' }),
      )
      .on(api.explore.copy, async () => {
        await copied;
        return ok(
          { categoryId: 'mine', name: 'Les verbes (copy)', categories: 3, cards: 240 },
          201,
        );
      });
    renderExplore('/app/explore?deck=d-1');
    const dialog = await screen.findByRole('dialog', { name: 'Les verbes' });
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'Copy to my categories' }));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Copying “Les verbes”' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('120'));
    expect(bar.getAttribute('aria-valuemax')).toBe('240');
    finish?.();
    const link = await within(dialog).findByRole('link', { name: 'Open the copy' });
    expect(link.getAttribute('href')).toBe('/app/organize/mine');
    const [post] = posts(fetch);
    expect(post?.url).toBe('/api/explore/decks/d-1/copy');
    const copyId = (post?.body as { copyId: string }).copyId;
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`/api/explore/copies/${copyId}`);
  });

  it('links a copy refused by the free plan (402) to the plan in the dialog; another failure is a toast', async () => {
    const limit = 'The free plan allows 200 cards: upgrade to premium for more';
    const full = 'An owner can have at most 100,000 cards (99,900 now, adding 240)';
    let copies = 0;
    server()
      .on(api.explore.copyProgress, () =>
        ok({ status: 'copying' as const, cardsTotal: 240, cardsCopied: 0, categoryId: null }),
      )
      .on(api.explore.copy, () => {
        copies += 1;
        return copies === 1
          ? failure(409, 'conflict', full, [{ path: 'cards', message: full }])
          : failure(402, 'plan_limit', limit, [{ path: 'cards', message: limit }]);
      });
    const { router } = renderExplore('/app/explore?deck=d-1');
    const dialog = await screen.findByRole('dialog', { name: 'Les verbes' });
    const user = userEvent.setup();
    const copy = within(dialog).getByRole('button', { name: 'Copy to my categories' });

    await user.click(copy);
    await waitFor(() => expect(getAppState().failureToast?.body).toBe(full));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const toast = getAppState().failureToast;

    await user.click(copy);
    // In the dialog, not a toast: the modal dialog would keep a toast's link out of reach.
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Free plan limit reached.');
    expect(alert.textContent).toContain(limit);
    // No toast of its own (each toast is a new message).
    expect(getAppState().failureToast).toBe(toast);
    const upgrade = within(alert).getByRole('link', { name: 'See your plan and upgrade' });
    expect(upgrade.getAttribute('href')).toBe('/app/settings/subscription');
    // The link leaves the explore page, and its dialog with it.
    await user.click(upgrade);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/app/settings/subscription');
  });

  it('reports a deck to the admins with a reason and a message', async () => {
    const { fetch } = server().on(api.explore.report, () => ok({ id: 'f-1' }, 201));
    renderExplore('/app/explore?deck=d-1');
    const dialog = await screen.findByRole('dialog', { name: 'Les verbes' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    const form = within(dialog).getByRole('form', { name: 'Report this deck' });
    await user.click(within(form).getByRole('button', { name: 'Send the report' }));
    expect(within(form).getByRole('alert').textContent).toContain('Say what is wrong');
    await user.click(within(form).getByLabelText('Abuse (spam, hateful or illegal content)'));
    await user.type(within(form).getByLabelText('What is wrong'), 'Spam links in the notes');
    await user.click(within(form).getByRole('button', { name: 'Send the report' }));
    await waitFor(() =>
      expect(posts(fetch)).toEqual([
        {
          url: '/api/explore/decks/d-1/report',
          body: { reason: 'abuse', message: 'Spam links in the notes' },
        },
      ]),
    );
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe(
        'Thank you: the admins will look at this deck.',
      ),
    );
  });

  it('opens the deck of a link, and says when it is no longer public', async () => {
    server();
    renderExplore('/app/explore?deck=gone');
    const dialog = await screen.findByRole('dialog', { name: 'Deck preview' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This deck is no longer public.',
    );
  });
});
