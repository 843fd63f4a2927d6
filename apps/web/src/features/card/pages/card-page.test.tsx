import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import {
  failure,
  fakeToken,
  ok,
  renderPage,
  stubFetch,
  stubResizeObserver,
} from '../../../test/render';
import CardPage from './card-page';

const now = new Date().toISOString();
const card = {
  id: 'card-1',
  ownerId: 'user-1',
  categoryId: null,
  front: 'la pomme',
  answers: ['the apple'],
  notes: '',
  fromLanguageCode: 'fr',
  toLanguageCode: 'en',
  canEdit: true,
  createdAt: now,
  updatedAt: now,
};

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function stubServer() {
  let current = card;
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/categories') return ok({ items: [] });
    if (url === '/api/cards/card-1') {
      if (method === 'PATCH') {
        current = { ...current, ...(body as Partial<typeof card>) };
        return ok(current);
      }
      if (method === 'DELETE') return ok(null);
      return ok(current);
    }
    return failure(404, 'not_found', 'Card not found');
  });
}

describe('card page', () => {
  it('shows the card and edits it in place', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/card/:id', '/app/card/card-1', <CardPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'la pomme' })).toBeTruthy();
    expect(screen.getAllByText('Français (French)').length).toBeGreaterThan(0);
    expect(screen.getByText('Not studied yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const answers = screen.getByRole('textbox', { name: 'Answers' });
    await user.clear(answers);
    await user.type(answers, 'the apple{Shift>}{Enter}{/Shift}an apple');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('an apple')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ answers: ['the apple', 'an apple'] });
  });

  it('deletes the card after confirmation and goes back to browse', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/card/:id', '/app/card/card-1', <CardPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete this card?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete card' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/browse'));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('says so when the card does not exist', async () => {
    stubServer();
    renderPage('/app/card/:id', '/app/card/missing', <CardPage />);
    expect(await screen.findByRole('heading', { name: 'This card does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to browse' })).toBeTruthy();
  });
});
