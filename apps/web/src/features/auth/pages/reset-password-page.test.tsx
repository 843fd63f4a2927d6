import { api, passwordMessages } from '@glossa/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadFeatureCatalogs } from '../../../lib/i18n';
import { readSession, saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage } from '../../../test/render';
import ResetPasswordPage from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = <ResetPasswordPage />;
const path = '/app/reset-password';

describe('reset password page', () => {
  it('explains a link without a token', () => {
    fakeApi();
    renderPage(path, path, page);
    expect(screen.getByRole('alert').textContent).toContain('This link is incomplete');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('refuses a short password and a confirmation that differs, without calling the server', async () => {
    const { fetch } = fakeApi();
    renderPage(path, `${path}?token=abc`, page);

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));

    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords differ')).toBeTruthy();
    expect(screen.getByLabelText('Confirm the new password').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what is wrong in the new language once the language changes', async () => {
    await loadFeatureCatalogs('auth', 'reset-password');
    fakeApi();
    renderPage(path, `${path}?token=abc`, page);
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();

    try {
      await act(() => activateLocale('de'));
      // The page's own message (Lingui's) and the contract's (its table's).
      expect(await screen.findByText('Die beiden Passwörter unterscheiden sich')).toBeTruthy();
      expect(screen.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeTruthy();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('sets the password, clears the session and goes to sign-in', async () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    const { fetch } = fakeApi().on(api.account.resetPassword, () => ok(null));
    renderPage(path, `${path}?token=abc`, page);

    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/user/reset-password');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      token: 'abc',
      password: 'a new passphrase',
    });
    expect(readSession()).toBeNull();
  });

  it('shows an expired link in the form alert', async () => {
    fakeApi().on(api.account.resetPassword, () =>
      failure(400, 'invalid_input', 'This link has expired or was already used', [
        { path: 'token', message: 'This link has expired or was already used' },
      ]),
    );
    renderPage(path, `${path}?token=old`, page);

    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));

    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired');
  });

  it('shows the strength of the new password while it is typed, and refuses spaces only', async () => {
    const { fetch } = fakeApi();
    renderPage(path, `${path}?token=abc`, page);

    await userEvent.type(screen.getByLabelText('New password'), 'qwertyuiop');
    const meter = await screen.findByRole('meter', { name: 'Password strength:' });
    expect(meter.getAttribute('aria-valuetext')).toBe('Very weak');

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), '          ');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), '          ');
    await userEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findAllByText(passwordMessages.blank)).not.toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
