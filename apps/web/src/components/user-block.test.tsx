import { api } from '@glossa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireSession } from '../app/routes/require-session';
import { getAppState, resetAppStateForTests } from '../lib/app-state';
import { readSession, saveSession } from '../lib/session';
import { failure, fakeApi, ok, unreachable } from '../test/fake-api';
import { fakeToken, userFixture } from '../test/render';
import { UserBlock } from './user-block';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** A signed-in page behind RequireSession with the user block, as in the app. */
function renderSignedInPage() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        Component: RequireSession,
        children: [
          {
            path: 'dashboard',
            element: (
              <>
                <UserBlock />
                <LocationProbe />
              </>
            ),
          },
        ],
      },
      {
        path: '/login',
        element: (
          <>
            <p>Sign in page</p>
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: ['/app/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      {/* No flushSync: the new page commits in a transition, after the session is cleared. */}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function signOut() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu for ada' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('user block sign-out', () => {
  it('tells the server, clears the session and lands on /login without a redirect', async () => {
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.auth.logout, () => ok(null));
    const router = renderSignedInPage();

    await signOut();

    expect(await screen.findByText('Sign in page')).toBeTruthy();
    await waitFor(() => expect(readSession()).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/logout')).toBe(true);
    expect(getAppState().failureToast).toBeNull();
  });

  it('signs out locally and says so when the server cannot be reached', async () => {
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.auth.logout, () => unreachable());
    const router = renderSignedInPage();

    await signOut();

    expect(await screen.findByText('Sign in page')).toBeTruthy();
    await waitFor(() =>
      expect(getAppState().failureToast?.body).toBe(
        'You are signed out here, but the server could not be reached.',
      ),
    );
    expect(readSession()).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login');
  });

  it('lands on /login without a redirect when the server says the session already ended', async () => {
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.auth.logout, () => failure(401, 'unauthorized', 'Your session has ended.'));
    const router = renderSignedInPage();

    await signOut();

    await waitFor(() => expect(readSession()).toBeNull());
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/login'),
    );
    expect(getAppState().failureToast).toBeNull();
  });
});
