import { expect, test } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { newLearner, storedSessionKeys, signIn } from './session';

/**
 * Settings › profile and learning: a new e-mail address takes effect only once the link mailed to it
 * is followed; until then the settings show the change waiting (decision 0017).
 */
test('a learner changes the e-mail address through the link sent to the new one', async ({
  page,
}) => {
  const { username, email } = newLearner('move');
  const newEmail = `new_${email}`;
  const password = 'harbour lantern quietly';
  const created = await page.request.post('/api/user/create', {
    data: { username, email, password },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, username, password);

  await test.step('ask for the change: nothing changes yet, the waiting change shows', async () => {
    await page.goto('/app/settings');
    const section = page.getByRole('region', { name: 'E-mail' });
    await section.getByRole('button', { name: 'Change e-mail' }).click();
    const form = section.getByRole('form', { name: 'Change your e-mail' });
    await form.getByLabel('New e-mail', { exact: true }).fill(newEmail);
    await form.getByLabel('Current password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Send the confirmation link' }).click();
    const waiting = section.getByRole('group', { name: 'Change waiting for confirmation' });
    await expect(waiting).toContainText(`Confirm from the link sent to ${newEmail}`);
    await expect(section.getByRole('definition')).toContainText(email);
    const told = await waitForMail(email, /change of your glossa e-mail address was asked/i);
    expect(told.text).toContain(newEmail);
  });

  await test.step('follow the link: the address changes and every device is signed out', async () => {
    const mail = await waitForMail(newEmail, /confirm your new e-mail address/i);
    await page.goto(linkIn(mail));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your e-mail address is changed' }),
    ).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();
    await expect.poll(() => storedSessionKeys(page)).toEqual([]);
    await waitForMail(email, /glossa e-mail address was changed/i);
  });

  await test.step('sign in with the new address, verified', async () => {
    await signIn(page, newEmail, password);
    await page.goto('/app/settings');
    const section = page.getByRole('region', { name: 'E-mail' });
    await expect(section.getByRole('definition')).toContainText(newEmail);
    await expect(section.getByText('Verified', { exact: true })).toBeVisible();
    await expect(
      section.getByRole('group', { name: 'Change waiting for confirmation' }),
    ).toHaveCount(0);
  });
});

test('sign-up shows the strength of the password while it is typed', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Username', { exact: true }).fill('strength_check');
  await page.getByLabel('Password', { exact: true }).fill('strength_check1');
  const meter = page.getByRole('meter', { name: 'Password strength:' });
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
  await expect(page.getByText(/your username with only digits or symbols added/)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('eight quiet owls over the harbour');
  await expect(meter).toHaveAttribute('aria-valuetext', 'Strong');
});
