import { type AccountStatus, api, defaultGradeSettings, passwordMessages } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { readSession, saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import {
  fakeToken,
  renderPage,
  studySettingsFixture,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
import SettingsPage from '../pages/settings-page';

// Settings › profile and learning: an e-mail change waits for the link sent to the new address.

const url = '/app/settings';
const account = (pendingEmail: string | null): AccountStatus => ({
  emailVerified: true,
  role: 'user',
  plan: 'premium',
  createdAt: new Date().toISOString(),
  pendingEmail,
});

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function server(initial: string | null) {
  let pending = initial;
  const fake = fakeApi()
    .on(api.user.info, () => ok(userFixture))
    .on(api.study.settings, () => ok(studySettingsFixture))
    .on(api.study.scheduler, () => ok(defaultGradeSettings))
    .on(api.user.account, () => ok(account(pending)))
    .on(api.auth.sessions, () => ok({ items: [] }));
  return {
    fake,
    setPending: (value: string | null) => {
      pending = value;
    },
  };
}

const pendingPanel = () => screen.findByRole('group', { name: 'Change waiting for confirmation' });

describe('e-mail change in settings', () => {
  it('asks for the change by link: nothing changes, the waiting change shows', async () => {
    const { fake, setPending } = server(null);
    const tokensBefore = readSession()?.encodedAccessToken;
    fake.on(api.user.edit, ({ body }) => {
      setPending(body.email ?? null);
      return ok({ access: null, refresh: null });
    });
    renderPage('/app/settings/*', url, <SettingsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Change e-mail' }));
    await userEvent.type(screen.getByLabelText('New e-mail'), 'ada.new@example.com');
    const form = screen.getByRole('form', { name: 'Change your e-mail' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));

    const panel = await pendingPanel();
    expect(panel.textContent).toContain('Confirm from the link sent to ada.new@example.com');
    expect(panel.textContent).toContain(`stays ${userFixture.email}`);
    expect(getAppState().successToast?.body).toBe(
      'Check ada.new@example.com: follow the link we sent there to confirm the change.',
    );
    const edit = fake.calls.find((call) => call.route === api.user.edit);
    expect(edit?.body).toEqual({ email: 'ada.new@example.com', currentPassword: 'my password' });
    expect(readSession()?.encodedAccessToken).toBe(tokensBefore);
  });

  it('sends the link again and cancels the change', async () => {
    const { fake, setPending } = server('ada.new@example.com');
    let resent = 0;
    fake
      .on(api.account.resendEmailChange, () => {
        resent += 1;
        return ok(null);
      })
      .on(api.account.cancelEmailChange, () => {
        setPending(null);
        return ok(null);
      });
    renderPage('/app/settings/*', url, <SettingsPage />);

    const panel = await pendingPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(resent).toBe(1));
    expect(getAppState().successToast?.body).toBe(
      'A new link is on its way to ada.new@example.com.',
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel the change' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Change waiting for confirmation' })).toBeNull(),
    );
    expect(getAppState().successToast?.body).toBe(
      `The change was cancelled. Your address stays ${userFixture.email}.`,
    );
  });

  it('shows a refusal past the limit with its wait', async () => {
    const { fake } = server('ada.new@example.com');
    fake.on(api.account.resendEmailChange, () =>
      failure(
        429,
        'rate_limited',
        'Many e-mails were asked for this account in a short time: try again in about 42 minutes.',
      ),
    );
    renderPage('/app/settings/*', url, <SettingsPage />);
    const panel = await pendingPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(getAppState().failureToast?.body).toMatch(/about 42 minutes/));
  });

  it('refuses a new password built from the username before sending it, showing its strength', async () => {
    const { fake } = server(null);
    renderPage('/app/settings/*', '/app/settings/authentification', <SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'my password');
    await userEvent.type(within(form).getByLabelText('New password'), 'ada-1815!');
    await userEvent.type(within(form).getByLabelText('Confirm the new password'), 'ada-1815!');
    expect(
      (await within(form).findByRole('meter', { name: 'Password strength:' })).getAttribute(
        'aria-valuetext',
      ),
    ).toBe('Very weak');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findAllByText(passwordMessages.username)).not.toHaveLength(0);
    expect(fake.calls.some((call) => call.route === api.user.edit)).toBe(false);
  });
});
