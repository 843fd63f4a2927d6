import { api, type Card, type CreateCardBody } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok, type FakeAnswer, type FakeApi } from '../../../test/fake-api';
import {
  categoryFixture,
  categoryTree,
  fakeToken,
  renderPage,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
import { QuickAdd } from './quick-add';

const now = new Date().toISOString();
const category = categoryFixture({ id: 'cat-1', name: 'Kitchen' });

function created(body: CreateCardBody): Card {
  return {
    id: 'card-1',
    ownerId: 'user-1',
    categoryId: body.categoryId ?? null,
    front: body.front,
    answers: body.answers,
    notes: body.notes ?? '',
    fromLanguageCode: body.fromLanguageCode,
    toLanguageCode: body.toLanguageCode,
    reverse: body.reverse ?? 'inherit',
    asksReverse: body.reverse === 'on',
    canEdit: true,
    version: 1,
    createdAt: now,
    updatedAt: now,
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

/** The page's language help with nothing to say: the front is in the expected language. */
function quietHelp(fake: FakeApi): FakeApi {
  return fake
    .on(api.languages.detect, () => ok({ code: 'fr', confidence: 0.9 }))
    .on(api.translate.suggest, () => ok({ suggestions: [] }))
    .on(api.cards.duplicates, () => ok({ items: [] }));
}

describe('quick add', () => {
  it('opens on n, saves on Enter and clears the sides for the next card', async () => {
    const { fetch } = quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([category])))
      .on(api.cards.create, ({ body }) => ok(created(body), 201));
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <QuickAdd />);
    // The dialog loads with its first opening (decision 0031): only the button is there before.
    await screen.findByRole('button', { name: 'New card' });

    await user.keyboard('n');
    const front = await screen.findByRole('textbox', { name: 'Front' });
    await waitFor(() => expect(document.activeElement).toBe(front));
    // The learner's languages fill in as the user info arrives.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'From' })).toHaveProperty(
        'value',
        'Français (French)',
      ),
    );

    await screen.findByRole('option', { name: 'Kitchen' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'cat-1');
    await user.type(front, 'la pomme');
    await user.type(screen.getByRole('textbox', { name: 'Answers' }), 'the apple; apple');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(front).toHaveProperty('value', ''));
    const post = fetch.mock.calls.find(
      ([url, init]) => url === '/api/cards' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      front: 'la pomme',
      answers: ['the apple', 'apple'],
      notes: '',
      fromLanguageCode: 'fr',
      toLanguageCode: 'en',
      categoryId: 'cat-1',
      reverse: 'inherit',
    });
    expect(screen.getByRole('textbox', { name: 'Answers' })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'cat-1');
    expect(document.activeElement).toBe(front);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives focus back where the learner was after n and Esc, not to its button', async () => {
    // Issue 16, item 6: n on the study feedback opened this dialog, and after Esc focus landed
    // on the header's New card button, so Enter opened it again.
    quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([category])));
    const user = userEvent.setup();
    renderPage(
      '*',
      '/app/browse',
      <>
        <QuickAdd />
        <button type="button">Somewhere on the page</button>
      </>,
    );
    // The dialog loads with its first opening (decision 0031): only the button is there before.
    await screen.findByRole('button', { name: 'New card' });
    const somewhere = screen.getByRole('button', { name: 'Somewhere on the page' });
    somewhere.focus();
    await user.keyboard('n');
    await screen.findByRole('dialog', { name: 'New card' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(somewhere);

    // Opened by its button, it closes back onto its button.
    await user.click(screen.getByRole('button', { name: 'New card' }));
    await screen.findByRole('dialog', { name: 'New card' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New card' }));
  });

  it('never opens on n while a part of the page owns the keyboard (a study session)', async () => {
    quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([category])));
    const user = userEvent.setup();
    renderPage(
      '*',
      '/app/study',
      <>
        <QuickAdd />
        <div data-keyboard-owner="study">
          <button type="button">Next card</button>
        </div>
      </>,
    );
    // The dialog loads with its first opening (decision 0031): only the button is there before.
    await screen.findByRole('button', { name: 'New card' });
    const next = screen.getByRole('button', { name: 'Next card' });
    next.focus();
    await user.keyboard('n');
    // Not asked to open at all (the dialog itself would come a moment later).
    expect(screen.getByRole('button', { name: 'New card' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(next);
  });

  it('shows a server error at its field', async () => {
    quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.create, () =>
        failure(400, 'invalid_input', 'Invalid card', [
          { path: 'answers.0', message: 'An answer must be at most 500 characters' },
        ]),
      );
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <QuickAdd />);
    await user.click(screen.getByRole('button', { name: 'New card' }));
    await user.type(await screen.findByRole('textbox', { name: 'Front' }), 'chat');
    await user.type(screen.getByRole('textbox', { name: 'Answers' }), 'cat');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('An answer must be at most 500 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Front' })).toHaveProperty('value', 'chat');
  });

  it('explains a free plan limit (402) and links to the plan to upgrade', async () => {
    const message = 'The free plan allows 200 cards: upgrade to premium for more';
    quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.create, () =>
        failure(402, 'plan_limit', message, [{ path: 'cards', message }]),
      );
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <QuickAdd />);
    await user.click(screen.getByRole('button', { name: 'New card' }));
    await user.type(await screen.findByRole('textbox', { name: 'Front' }), 'chat');
    await user.type(screen.getByRole('textbox', { name: 'Answers' }), 'cat');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Free plan limit reached.');
    expect(alert.textContent).toContain(message);
    const upgrade = within(alert).getByRole('link', { name: 'See your plan and upgrade' });
    expect(upgrade.getAttribute('href')).toBe('/app/settings/subscription');
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: 'Front' })).toHaveProperty('value', 'chat');
  });

  /**
   * A fetch whose card POST and category reloads wait until released, to act while a save or a
   * refresh is under way.
   */
  function stubSlowFetch() {
    const posts: unknown[] = [];
    let releasePost = () => {};
    let categoryLoads = 0;
    quietHelp(fakeApi())
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => {
        categoryLoads += 1;
        // The first load answers; a reload after a save never does.
        return categoryLoads === 1 ? ok(categoryTree([category])) : new Promise<never>(() => {});
      })
      .on(api.cards.create, async ({ body }) => {
        posts.push(body);
        await new Promise<void>((resolve) => {
          releasePost = resolve;
        });
        return ok(created(body), 201);
      });
    return { posts, release: () => releasePost() };
  }

  it('saves once when Enter is pressed again during the save, and never waits for reloads', async () => {
    const slow = stubSlowFetch();
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <QuickAdd />);
    await user.click(screen.getByRole('button', { name: 'New card' }));
    const front = await screen.findByRole('textbox', { name: 'Front' });
    await screen.findByRole('option', { name: 'Kitchen' });
    await user.type(front, 'el gato');
    await user.type(screen.getByRole('textbox', { name: 'Answers' }), 'the cat');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(slow.posts).toHaveLength(1));
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    slow.release();
    // Cleared once the card is saved, while the category list is still reloading.
    await waitFor(() => expect(front).toHaveProperty('value', ''));
    expect(slow.posts).toHaveLength(1);
    expect(document.activeElement).toBe(front);
  });
});

describe('quick add language help', () => {
  function stubHelp(detect: (text: string) => FakeAnswer<typeof api.languages.detect>) {
    return fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.languages.detect, ({ body }) => detect(body.text))
      .on(api.cards.duplicates, ({ query }) =>
        ok({
          items:
            query.front.toLowerCase() === 'le chien'
              ? [
                  created({
                    front: 'Le Chien',
                    answers: ['the dog'],
                    fromLanguageCode: query.from,
                    toLanguageCode: query.to,
                  }),
                ]
              : [],
        }),
      )
      .on(api.translate.suggest, ({ body }) =>
        ok({
          suggestions:
            body.text === 'le chat'
              ? [
                  { text: 'the cat', source: 'cards' as const },
                  { text: 'cat', source: 'provider' as const },
                ]
              : [],
        }),
      )
      .on(api.cards.create, ({ body }) => ok(created(body), 201)).fetch;
  }

  async function openQuickAdd() {
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <QuickAdd />);
    await user.click(screen.getByRole('button', { name: 'New card' }));
    const front = await screen.findByRole('textbox', { name: 'Front' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'From' })).toHaveProperty(
        'value',
        'Français (French)',
      ),
    );
    return { user, front };
  }

  it('shows the detected language and swaps the pair on request, never by itself', async () => {
    const fetch = stubHelp((text) =>
      ok(text === 'the cat' ? { code: 'en', confidence: 0.92 } : { code: 'fr', confidence: 0.9 }),
    );
    const { user, front } = await openQuickAdd();
    await user.type(front, 'the cat');

    expect(await screen.findByText('Detected: English')).toBeTruthy();
    const detect = fetch.mock.calls.filter(([url]) => url === '/api/languages/detect');
    expect(JSON.parse(String(detect.at(-1)?.[1]?.body))).toEqual({
      text: 'the cat',
      candidates: ['fr', 'en'],
    });
    // Not changed until asked.
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveProperty(
      'value',
      'Français (French)',
    );

    await user.click(screen.getByRole('button', { name: 'Swap languages' }));
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveProperty('value', 'English');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveProperty(
      'value',
      'Français (French)',
    );
    await waitFor(() => expect(screen.queryByText('Detected: English')).toBeNull());
  });

  it('stays quiet when detection is turned off (409)', async () => {
    const fetch = stubHelp(() =>
      failure(409, 'conflict', 'Language detection is turned off (isAutodetectLanguageEnabled)'),
    );
    const { user, front } = await openQuickAdd();
    await user.type(front, 'the cat');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === '/api/translate')).toBe(true),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => url === '/api/languages/detect')).toHaveLength(1),
    );
    await user.type(front, 's');
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => url === '/api/translate' && String(init?.body).includes('the cats'),
        ),
      ).toBe(true),
    );
    expect(fetch.mock.calls.filter(([url]) => url === '/api/languages/detect')).toHaveLength(1);
    expect(screen.queryByText(/Detected:/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a suggestion by click or Alt+number and still saves on Enter', async () => {
    const fetch = stubHelp(() => ok({ code: 'fr', confidence: 0.9 }));
    const { user, front } = await openQuickAdd();
    await user.type(front, 'le chat');

    const first = await screen.findByRole('button', { name: /the cat\s*from cards/ });
    expect(screen.getByRole('button', { name: /^2\s*cat\s*translation service/ })).toBeTruthy();
    await user.click(first);
    const answers = screen.getByRole('textbox', { name: 'Answers' });
    expect(answers).toHaveProperty('value', 'the cat');
    expect(first).toHaveProperty('disabled', true);

    await user.click(answers);
    await user.keyboard('{Alt>}2{/Alt}');
    expect(answers).toHaveProperty('value', 'the cat\ncat');
    expect(screen.queryByText(/Detected:/)).toBeNull();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(front).toHaveProperty('value', ''));
    const post = fetch.mock.calls.find(
      ([url, init]) => url === '/api/cards' && init?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      front: 'le chat',
      answers: ['the cat', 'cat'],
    });
  });

  it('says the card already exists, with a link to it, instead of only suggesting its answer', async () => {
    const fetch = stubHelp(() => ok({ code: 'fr', confidence: 0.9 }));
    const { user, front } = await openQuickAdd();
    await user.type(front, 'le chien');

    const notice = await screen.findByText(/This card already exists/);
    const link = screen.getByRole('link', { name: /Le Chien → the dog/ });
    expect(link.getAttribute('href')).toBe('/app/card/card-1');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save anyway' })).toBeTruthy();
    const asked = fetch.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/cards/duplicates'),
    );
    expect(String(asked.at(-1)?.[0])).toContain('front=le+chien');

    // Another front: no notice, and the usual button.
    await user.clear(front);
    await user.type(front, 'le chat');
    await waitFor(() => expect(screen.queryByText(/This card already exists/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Save card' })).toBeTruthy();
  });
});
