import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * A dialog's alert after a 402 `plan_limit`: the limit told with the link to the plan, and the
 * dialog closed as the link is followed (or it would cover the subscription tab), which shows.
 */
export async function expectPlanLimitLinkClosesDialog(
  user: UserEvent,
  dialog: HTMLElement,
  limit: string,
  router: { state: { location: { pathname: string } } },
) {
  await waitFor(() =>
    expect(within(dialog).getByRole('alert').textContent).toContain('Free plan limit reached.'),
  );
  const alert = within(dialog).getByRole('alert');
  expect(alert.textContent).toContain(limit);
  const upgrade = within(alert).getByRole('link', { name: 'See your plan and upgrade' });
  expect(upgrade.getAttribute('href')).toBe('/app/settings/subscription');
  await user.click(upgrade);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(router.state.location.pathname).toBe('/app/settings/subscription');
}
