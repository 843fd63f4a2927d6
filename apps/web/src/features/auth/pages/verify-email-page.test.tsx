import { api } from '@glossa/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage } from '../../../test/render';
import VerifyEmailPage from './verify-email-page';

const path = '/app/verify-email';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verify e-mail page', () => {
  it('verifies the address once, keeping the session', async () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    const { fetch } = fakeApi().on(api.account.verifyEmail, ({ body }) =>
      ok({ outcome: 'verified' as const, email: `${body.token}@example.com` }),
    );
    renderPage(path, `${path}?token=abc`, <VerifyEmailPage />);
    expect(await screen.findByRole('heading', { name: 'Your e-mail is verified' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(readSession()).not.toBeNull();
  });

  it('says the address changed and signs this device out, as the server did every session', async () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    fakeApi().on(api.account.verifyEmail, () =>
      ok({ outcome: 'changed' as const, email: 'ada.new@example.com' }),
    );
    renderPage(path, `${path}?token=abc`, <VerifyEmailPage />);
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address is changed' }),
    ).toBeTruthy();
    expect(screen.getByText('ada.new@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toContain('/login');
    expect(readSession()).toBeNull();
  });

  it('says a link used before is for an address already verified, without a resend', async () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    fakeApi().on(api.account.verifyEmail, () =>
      ok({ outcome: 'already_verified' as const, email: 'ada@example.com' }),
    );
    renderPage(path, `${path}?token=abc`, <VerifyEmailPage />);
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail is already verified' }),
    ).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /new link/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeTruthy();
  });
});
