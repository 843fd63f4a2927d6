import { api, type AccountStatus } from '@glossa/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/session';
import { failure, fakeApi, ok } from '../test/fake-api';
import { fakeToken, renderPage, userFixture } from '../test/render';
import { VerifyEmailBanner } from './verify-email-banner';

const account = (emailVerified: boolean): AccountStatus => ({
  emailVerified,
  role: 'user',
  plan: 'premium',
  createdAt: '2026-03-09T10:00:00.000Z',
  pendingEmail: null,
});

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

describe('verify e-mail banner', () => {
  it('asks an unverified learner to confirm, and mails the link again on request', async () => {
    const resend = vi.fn(() => ok(null));
    fakeApi()
      .on(api.user.account, () => ok(account(false)))
      .on(api.user.info, () => ok(userFixture))
      .on(api.account.resendVerification, resend);
    renderPage('/app/study', '/app/study', <VerifyEmailBanner />);
    const banner = await screen.findByRole('complementary', { name: 'E-mail verification' });
    expect(banner.textContent).toContain('Confirm your e-mail address');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send it again' }));
    expect((await screen.findByText('A new link is on its way.')).getAttribute('role')).toBe(
      'status',
    );
    expect(resend).toHaveBeenCalledTimes(1);
    // Still there: it stays until the address is verified.
    expect(screen.getByRole('complementary', { name: 'E-mail verification' })).toBeTruthy();
  });

  it('says why a resend was refused (the limit per hour)', async () => {
    fakeApi()
      .on(api.user.account, () => ok(account(false)))
      .on(api.user.info, () => ok(userFixture))
      .on(api.account.resendVerification, () =>
        failure(429, 'rate_limited', 'Too many requests: try again in 3120 seconds'),
      );
    renderPage('/app/study', '/app/study', <VerifyEmailBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send it again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('try again in 3120 seconds');
    expect(screen.getByRole('button', { name: 'Send it again' })).toBeTruthy();
  });

  it('is absent once the address is verified', async () => {
    const { fetch } = fakeApi()
      .on(api.user.account, () => ok(account(true)))
      .on(api.user.info, () => ok(userFixture));
    renderPage('/app/study', '/app/study', <VerifyEmailBanner />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('is absent on the verify page, where the link is being followed', async () => {
    const { fetch } = fakeApi()
      .on(api.user.account, () => ok(account(false)))
      .on(api.user.info, () => ok(userFixture));
    renderPage('/app/verify-email', '/app/verify-email?token=abc', <VerifyEmailBanner />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
