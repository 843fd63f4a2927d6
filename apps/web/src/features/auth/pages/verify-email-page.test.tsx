import { api, type AccountStatus } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { accountQueryKey, useAccount } from '../../../lib/auth';
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

  it('ends with the account verified when the page’s first read of it began before the commit', async () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    let verified = false;
    let releaseFirstRead = () => {};
    const account = (): AccountStatus => ({
      emailVerified: verified,
      role: 'user',
      plan: 'premium',
      createdAt: '2026-03-09T10:00:00.000Z',
      pendingEmail: null,
    });
    let reads = 0;
    fakeApi()
      .on(api.user.account, () => {
        reads += 1;
        // The first read saw the account before the link was followed; it answers late.
        if (reads > 1) return ok(account());
        const before = account();
        return new Promise((resolve) => {
          releaseFirstRead = () => resolve(ok(before));
        });
      })
      .on(api.account.verifyEmail, () => {
        verified = true;
        return ok({ outcome: 'verified' as const, email: 'ada@example.com' });
      });
    function WithBanner() {
      // As the app's banner does on every /app page, the verify page included.
      useAccount();
      return <VerifyEmailPage />;
    }
    const { queryClient } = renderPage(path, `${path}?token=abc`, <WithBanner />);
    expect(await screen.findByRole('heading', { name: 'Your e-mail is verified' })).toBeTruthy();
    releaseFirstRead();
    await waitFor(() =>
      expect(queryClient.getQueryData<AccountStatus>(accountQueryKey)?.emailVerified).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData<AccountStatus>(accountQueryKey)?.emailVerified).toBe(true);
  });
});
