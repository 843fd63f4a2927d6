import { defaultSchedulerSettings } from '@glossa/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { saveSession } from '../lib/session';
import { makeTokenPair } from '../test/tokens';
import { AppProvider } from './provider';
import { routes } from './router';

const info = {
  id: 'u1',
  isFreeloaded: false,
  username: 'ana',
  email: 'ana@example.com',
  isAutodetectLanguageEnabled: true,
  defaultFromLanguageCode: 'es',
  toLanguageCode: 'en',
  ...defaultSchedulerSettings,
};
const account = {
  emailVerified: true,
  role: 'user',
  plan: 'premium',
  createdAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const payload = url === '/api/user/account' ? account : info;
      return new Response(JSON.stringify({ code: 'ok', payload }), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The first visit of a lazy route transforms its modules, which is slow on a cold cache.
const slow = { timeout: 8000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('router', { timeout: 20_000 }, () => {
  it('redirects /app to /app/dashboard for a signed-in learner', async () => {
    saveSession(makeTokenPair());
    const router = renderAt('/app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    await waitFor(() => expect(document.title).toBe('Glossa — Dashboard'), slow);
  });

  it.each([
    ['/', 'Glossa — Home'],
    ['/privacy', 'Glossa — Privacy'],
    ['/terms-of-use', 'Glossa — Terms of use'],
    ['/login', 'Glossa — Sign in'],
    ['/no/such/page', 'Glossa — Page not found'],
  ])('names the tab of %s "%s"', async (path, title) => {
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title), slow);
  });

  it('sends /app to sign-in with the redirect when signed out', async () => {
    const router = renderAt('/app/study');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/study');
  });

  it('shows the not-found page for unknown paths, also inside /app', async () => {
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('shows the not-found page inside /app with the app header', async () => {
    saveSession(makeTokenPair());
    renderAt('/app/nothing-here');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
  });

  it('has a skip link to the main content and both toast areas', async () => {
    renderAt('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, slow);
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
    expect(screen.getByTestId('toast-success').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('toast-failure').getAttribute('role')).toBe('alert');
  });

  it('shows the admin tabs only to admins', async () => {
    saveSession(makeTokenPair());
    renderAt('/app/admin/feedback');
    expect(await screen.findByRole('heading', { name: 'Admins only' }, slow)).toBeTruthy();
  });
});
