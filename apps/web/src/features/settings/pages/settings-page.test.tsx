import { api } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { readSession, saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import SettingsPage from './settings-page';

const now = new Date().toISOString();
const sessions = {
  items: [
    {
      tokenId: 'token-1',
      createdAt: now,
      lastUsedAt: now,
      expiresAt: now,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:144.0) Gecko/20100101 Firefox/144.0',
      current: true,
    },
    {
      tokenId: 'token-2',
      createdAt: now,
      lastUsedAt: now,
      expiresAt: now,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      current: false,
    },
  ],
};

function stubServer() {
  const rotated = {
    access: fakeToken('access', 'rotated'),
    refresh: fakeToken('refresh', 'rotated'),
  };
  const { fetch } = fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.user.account, () =>
      ok({ emailVerified: false, role: 'user' as const, plan: 'premium' as const, createdAt: now }),
    )
    .on(api.auth.sessions, () => ok(sessions))
    .on(api.auth.revokeOthers, () => ok(rotated));
  return { fetch, rotated };
}

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('settings page', () => {
  it('shows the tab of the URL and navigates when another tab is chosen', async () => {
    stubServer();
    renderPage('/app/settings/*', '/app/settings/subscription', <SettingsPage />);

    const subscription = screen.getByRole('tab', { name: 'Subscription' });
    expect(subscription.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Premium')).toBeTruthy();
    expect(document.title).toBe('Settings › Subscription · Glossa');

    await userEvent.click(screen.getByRole('tab', { name: 'Authentification' }));

    expect(screen.getByTestId('location').textContent).toBe('/app/settings/authentification');
    expect(
      screen.getByRole('tab', { name: 'Authentification' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await screen.findByText('Not verified')).toBeTruthy();
  });

  it('lists the sessions and saves the tokens answered by "sign out all other sessions"', async () => {
    const { fetch, rotated } = stubServer();
    renderPage('/app/settings/*', '/app/settings/authentification', <SettingsPage />);

    expect(await screen.findByText('Firefox on Linux')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Sign out Safari on iOS/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));

    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === '/api/auth/sessions/revoke-others')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(readSession()?.encodedAccessToken).toBe(rotated.access));
  });
});
