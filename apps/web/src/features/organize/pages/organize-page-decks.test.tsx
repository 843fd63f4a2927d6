import { api, type DeckPreview, type DeckSummary } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { ok } from '../../../test/fake-api';
import {
  calls,
  category,
  languages,
  memberView,
  organizePageHarness,
  organizeServer,
  renderOrganize,
  time,
} from './organize-test-support';

organizePageHarness();

const joinedDeck: DeckSummary = {
  id: 'd-kanji',
  name: 'Kanji N5',
  description: '',
  fromLanguageCode: 'ja',
  toLanguageCode: 'en',
  cardCount: 80,
  learnerCount: 40,
  owner: { username: 'kenji' },
  publishedAt: time,
  updatedAt: time,
  joined: true,
  own: false,
};

const readerPermissions = {
  study: true,
  editCards: false,
  manage: false,
  viewMembers: false,
  leave: false,
};

describe('organize: public decks', () => {
  it('lists the joined decks apart from the tree, and leaves one from its view', async () => {
    let joined = true;
    const kanji = category({
      id: 'd-kanji',
      name: 'Kanji N5',
      visibility: 'public',
      role: null,
      owner: { id: 'user-9', username: 'kenji' },
      cardCount: 80,
    });
    const { fetch } = organizeServer()
      .on(api.explore.joined, () => ok({ items: joined ? [joinedDeck] : [] }))
      .on(api.categories.view, () =>
        ok({
          ...memberView(kanji, readerPermissions),
          deck: { joined, learnerCount: joined ? 40 : 39 },
        }),
      )
      .on(api.explore.leave, () => {
        joined = false;
        return ok({ joined: false, learnerCount: 39 });
      })
      .on(api.explore.join, () => {
        joined = true;
        return ok({ joined: true, learnerCount: 40 });
      });
    renderOrganize('/app/organize/d-kanji');
    const section = await screen.findByRole('region', { name: 'Joined decks' });
    const link = await within(section).findByRole('link', { name: 'Kanji N5' });
    expect(link.getAttribute('href')).toBe('/app/organize/d-kanji');
    expect(link.getAttribute('aria-current')).toBe('page');
    within(section).getByText('kenji · 80 cards');
    await screen.findByText('Joined · from kenji');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave this deck' }));
    await screen.findByRole('button', { name: 'Join to study it' });
    await within(section).findByText(/Decks you join in/);
    expect(getAppState().successToast?.body).toBe(
      'You left “Kanji N5”: its cards left your queue, your history stays.',
    );
    await user.click(screen.getByRole('button', { name: 'Join to study it' }));
    await screen.findByRole('button', { name: 'Leave this deck' });
    expect(calls(fetch, 'POST').map((call) => call.url)).toEqual([
      '/api/explore/decks/d-kanji/leave',
      '/api/explore/decks/d-kanji/join',
    ]);
  });

  it('shows the owner how many joined and a preview of what strangers see', async () => {
    const published = category({ ...languages, visibility: 'public' });
    const strangers: DeckPreview = {
      deck: { ...joinedDeck, id: 'c-lang', name: 'Languages', joined: false, own: true },
      published: true,
      subcategories: [{ id: 'c-nouns', parentId: 'c-lang', name: 'Nouns', depth: 2, cardCount: 1 }],
      subcategoriesOmitted: 0,
      cards: [
        {
          id: 'card-1',
          categoryId: 'c-lang',
          front: 'la casa',
          answers: ['the house'],
          notes: '',
          fromLanguageCode: 'es',
          toLanguageCode: 'en',
        },
      ],
    };
    organizeServer()
      .on(api.categories.view, () =>
        ok({ ...memberView(published), deck: { joined: false, learnerCount: 7 } }),
      )
      .on(api.explore.preview, () => ok(strangers));
    renderOrganize('/app/organize/c-lang');
    await screen.findByText('7 learners joined');
    const region = screen.getByRole('region', { name: 'In Explore' });
    within(region).getByText(/Published: listed in Explore/);
    within(region).getByText(/7 learners joined; you see how many, never who/);
    const user = userEvent.setup();
    const toggle = within(region).getByRole('button', { name: 'Preview what strangers see' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await within(region).findByText('la casa');
    within(region).getByText('the house');
    within(region).getByText('Nouns');
    within(region).getByText(/Private\s+sub-categories, and everything under them, stay hidden/);
  });

  it('tells an owner what publishing does, and where a copy came from', async () => {
    const copy = category({ id: 'c-copy', name: 'Kanji N5 (copy)', cardCount: 80 });
    organizeServer().on(api.categories.view, () =>
      ok({
        ...memberView(copy),
        copiedFrom: {
          categoryId: 'd-kanji',
          name: 'Kanji N5',
          ownerUsername: 'kenji',
          copiedAt: '2026-03-02T09:00:00.000Z',
        },
      }),
    );
    renderOrganize('/app/organize/c-copy');
    const origin = await screen.findByRole('link', { name: '“Kanji N5”' });
    expect(origin.getAttribute('href')).toBe('/app/explore?deck=d-kanji');
    screen.getByText(/by kenji on/);
    const region = screen.getByRole('region', { name: 'In Explore' });
    within(region).getByText(/Not published\. Make it public in its settings/);
    const form = screen.getByRole('form', { name: 'Category settings' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /Public/ }));
    await waitFor(() =>
      within(form).getByText(
        'Set both languages above: learners find decks in Explore by their language pair.',
      ),
    );
  });
});
