import { api, type SubscriptionStatus } from '@glossa/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, userFixture } from '../../../test/render';
import { SubscriptionPanel } from './subscription-panel';

const free: SubscriptionStatus = {
  billing: true,
  plan: 'free',
  status: 'none',
  isFreeloaded: false,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  graceUntil: null,
  usage: [
    { name: 'cards', used: 200, limit: 200 },
    { name: 'categories', used: 4, limit: 10 },
  ],
};

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAppStateForTests();
});

const render = () =>
  renderPage(
    '/app/settings/subscription',
    '/app/settings/subscription',
    <SubscriptionPanel user={userFixture} />,
  );

describe('the subscription tab', () => {
  it('shows a free learner’s usage against each limit and starts Checkout from Upgrade', async () => {
    const fake = fakeApi()
      .on(api.subscription.status, () => ok(free))
      .on(api.subscription.checkout, () => ok({ url: 'https://checkout.example/cs_1' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render();
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(screen.getByText('No subscription')).toBeTruthy();
    expect(screen.getByText('200 of 200')).toBeTruthy();
    expect(screen.getByText('4 of 10')).toBeTruthy();
    expect(screen.getByText('Limit reached')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Categories: 4 of 10 used' })).toBeTruthy();
    // Nothing to manage before a first checkout.
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to premium' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(fake.callsTo(api.subscription.checkout)).toHaveLength(1);
  });

  it('shows a subscriber’s status and renewal, and opens the portal from Manage', async () => {
    const periodEnd = '2027-01-15T12:00:00.000Z';
    fakeApi()
      .on(api.subscription.status, () =>
        ok({
          ...free,
          plan: 'premium' as const,
          status: 'active' as const,
          periodEnd,
          usage: free.usage.map((usage) => ({ ...usage, limit: null })),
        }),
      )
      .on(api.subscription.portal, () => ok({ url: 'https://portal.example/p' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render();
    expect(await screen.findByText('Premium')).toBeTruthy();
    const facts = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(facts).toContain('Active');
    expect(screen.getByText('Renews')).toBeTruthy();
    expect(screen.getByText('200 (no plan limit)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to premium' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/p'));
  });

  it('says plainly that everyone has premium when billing is off, with no buttons', async () => {
    fakeApi().on(api.subscription.status, () =>
      ok({ ...free, billing: false, plan: 'premium' as const, status: 'off' as const }),
    );
    render();
    const region = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(region).findByText(/Billing is off on this instance/)).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });
});
