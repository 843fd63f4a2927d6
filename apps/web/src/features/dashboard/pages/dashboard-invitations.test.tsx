import { api, type Invitation, type StudySummary } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import DashboardPage from './dashboard-page';

const summary: StudySummary = {
  today: '2026-03-10',
  hasCards: false,
  dueNow: 0,
  dueToday: 0,
  newToday: 0,
  answeredToday: { total: 0, successes: 0, failures: 0 },
  combo: { current: 0, best: 0, bestAt: null },
  forecast: [],
};

const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 'inv-1',
  category: { id: 'c-verbs', name: 'Spanish verbs' },
  owner: { id: 'user-2', username: 'bruno' },
  invitee: { id: 'user-1', username: 'ada' },
  role: 'viewer',
  status: 'pending',
  cardCount: 12,
  createdAt: '2026-03-09T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

/** A server with these invitations waiting; an answer takes the invitation off the list. */
function server(waiting: Invitation[]) {
  let items = waiting;
  const answered = (id: string, status: Invitation['status']) => {
    const found = items.find((item) => item.id === id);
    items = items.filter((item) => item.id !== id);
    return found
      ? ok({ ...found, status })
      : failure(409, 'conflict', 'This invitation was cancelled by the owner', [
          { path: 'status', message: 'This invitation was cancelled by the owner' },
        ]);
  };
  return fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.study.summary, () => ok(summary))
    .on(api.invitations.list, () => ok({ items }))
    .on(api.invitations.accept, ({ params }) => answered(params.id, 'accepted'))
    .on(api.invitations.decline, ({ params }) => answered(params.id, 'declined'));
}

const calls = (fetch: ReturnType<typeof server>['fetch'], method: string) =>
  fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => String(url));

describe('dashboard: invitations', () => {
  it('lists each invitation with its category, owner, role and cards', async () => {
    server([
      invitation(),
      invitation({
        id: 'inv-2',
        role: 'editor',
        cardCount: 1,
        category: { id: 'c-2', name: 'Kanji' },
      }),
    ]);
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    const panel = await screen.findByRole('region', { name: 'Invitations' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Spanish verbsbruno invites you as a viewer: you study its cards. 12 cardsAcceptDecline',
      'Kanjibruno invites you as an editor: you study and edit its cards. 1 cardAcceptDecline',
    ]);
    expect(
      within(panel).getByRole('button', { name: 'Accept the invitation to Kanji' }),
    ).toBeTruthy();
  });

  it('accepts with the keyboard: the cards are in the study, the list is refreshed', async () => {
    const { fetch } = server([invitation()]);
    const { queryClient } = renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const accept = await screen.findByRole('button', {
      name: 'Accept the invitation to Spanish verbs',
    });
    const user = userEvent.setup();
    accept.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls(fetch, 'POST')).toEqual(['/api/invitations/inv-1/accept']));
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe(
        'You joined Spanish verbs: its 12 cards are in your study now.',
      ),
    );
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['invitations', 'categories', 'cards', 'study']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
  });

  it('declines: nothing joins, the invitation leaves the list', async () => {
    const { fetch } = server([invitation()]);
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Decline the invitation to Spanish verbs' }),
    );
    await waitFor(() => expect(calls(fetch, 'POST')).toEqual(['/api/invitations/inv-1/decline']));
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe(
        'You declined the invitation to Spanish verbs.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
  });

  it('says why an answer was refused and refreshes the list', async () => {
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.study.summary, () => ok(summary))
      .on(api.invitations.list, () => ok({ items: [invitation()] }))
      .on(api.invitations.accept, () =>
        failure(409, 'conflict', 'This invitation was cancelled by the owner', [
          { path: 'status', message: 'This invitation was cancelled by the owner' },
        ]),
      );
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Accept the invitation to Spanish verbs' }),
    );
    await waitFor(() =>
      expect(getAppState().failureToast?.body).toBe('This invitation was cancelled by the owner'),
    );
    await waitFor(() =>
      expect(calls(fetch, 'GET').filter((url) => url === '/api/invitations')).toHaveLength(2),
    );
  });

  it('opened from the mail, focuses that invitation’s Accept', async () => {
    server([invitation(), invitation({ id: 'inv-2', category: { id: 'c-2', name: 'Kanji' } })]);
    renderPage('/app/dashboard', '/app/dashboard?invitation=inv-2', <DashboardPage />);
    const accept = await screen.findByRole('button', { name: 'Accept the invitation to Kanji' });
    await waitFor(() => expect(document.activeElement).toBe(accept));
  });

  it('opened from the mail and accepted there, leaves no note behind', async () => {
    server([invitation()]);
    renderPage('/app/dashboard', '/app/dashboard?invitation=inv-1', <DashboardPage />);
    const accept = await screen.findByRole('button', {
      name: 'Accept the invitation to Spanish verbs',
    });
    await waitFor(() => expect(document.activeElement).toBe(accept));
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
  });

  it('opened from the mail of an invitation no longer waiting, says so', async () => {
    server([]);
    renderPage('/app/dashboard', '/app/dashboard?invitation=gone', <DashboardPage />);
    const panel = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(panel).getByRole('status').textContent).toMatch(/no longer waits/);
  });

  it('shows nothing when no invitation waits', async () => {
    server([]);
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Add your first cards' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
  });
});
