import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTokenPair } from '../../test/tokens';
import { saveSession } from '../../lib/session';
import { requireSessionLoader } from './guards';
import { RequireSession } from './require-session';

function LoginProbe() {
  const location = useLocation();
  return <p>login {location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: () => null,
        children: [
          { path: '/login', Component: LoginProbe },
          {
            path: '/app',
            children: [
              { path: 'verify-email', element: <h1>Verify</h1> },
              {
                loader: requireSessionLoader,
                Component: RequireSession,
                children: [{ path: 'dashboard', element: <h1>Dashboard</h1> }],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the /app guard', () => {
  it('sends a visitor without a session to /login?redirect=<path>', async () => {
    const router = renderAt('/app/dashboard?tab=x');
    expect(await screen.findByText(/^login/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/app/dashboard?tab=x',
    );
  });

  it('lets a signed-in learner in', async () => {
    saveSession(makeTokenPair());
    renderAt('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('leaves verify-email open without a session', async () => {
    renderAt('/app/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verify' })).toBeTruthy();
  });
});
