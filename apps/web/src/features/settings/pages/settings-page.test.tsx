import { api, defaultGradeSettings } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { readSession, saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import {
  fakeToken,
  renderPage,
  studySettingsFixture,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
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
    .on(api.study.settings, () => ok(studySettingsFixture))
    .on(api.study.scheduler, () => ok(defaultGradeSettings))
    .on(api.user.account, () =>
      ok({
        emailVerified: false,
        role: 'user' as const,
        plan: 'premium' as const,
        createdAt: now,
        pendingEmail: null,
      }),
    )
    .on(api.auth.sessions, () => ok(sessions))
    .on(api.subscription.status, () =>
      ok({
        billing: false,
        plan: 'premium' as const,
        status: 'off' as const,
        isFreeloaded: false,
        periodEnd: null,
        cancelAtPeriodEnd: false,
        graceUntil: null,
        usage: [
          { name: 'cards' as const, used: 3, limit: null },
          { name: 'categories' as const, used: 1, limit: null },
        ],
      }),
    )
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
    expect(document.title).toBe('Glossa — Settings › Subscription');

    // The seed's path, under a label that says what the tab holds.
    await userEvent.click(screen.getByRole('tab', { name: 'Sign-in and security' }));

    expect(screen.getByTestId('location').textContent).toBe('/app/settings/authentification');
    expect(
      screen.getByRole('tab', { name: 'Sign-in and security' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(document.title).toBe('Glossa — Settings › Sign-in and security');
    expect(await screen.findByRole('form', { name: 'Password' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Profile and learning' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/settings');
    expect(await screen.findByText('Not verified')).toBeTruthy();
  });

  it('has the profile and the theme on its first tab', async () => {
    stubServer();
    renderPage('/app/settings/*', '/app/settings', <SettingsPage />);

    const username = await screen.findByRole('region', { name: 'Username' });
    expect(username.textContent).toContain('You are ada');
    const email = screen.getByRole('region', { name: 'E-mail' });
    expect(email.textContent).toContain('ada@example.com');
    expect(screen.getByRole('form', { name: 'Learning settings' })).toBeTruthy();

    // The change forms open on request, focused, and close again with focus back.
    await userEvent.click(within(username).getByRole('button', { name: 'Change username' }));
    const form = within(username).getByRole('form', { name: 'Change your username' });
    expect(document.activeElement).toBe(within(form).getByLabelText('New username'));
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      within(username).getByRole('button', { name: 'Change username' }),
    );

    const appearance = screen.getByRole('region', { name: 'Appearance' });
    await userEvent.click(within(appearance).getByRole('radio', { name: /^Dark/ }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('isDark')).toBe('true');
    await userEvent.click(within(appearance).getByRole('radio', { name: /^Same as this device/ }));
    expect(localStorage.getItem('isDark')).toBeNull();
    expect(
      (within(appearance).getByRole('radio', { name: /^Same as this device/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await userEvent.click(within(appearance).getByRole('radio', { name: /^Light/ }));
    expect(document.documentElement.dataset.theme).toBe('light');
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
