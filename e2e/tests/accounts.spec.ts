import { expect, test, type Dialog, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { newLearner, openUserMenuItem, sessionKeys, signIn, storedSessionKeys } from './session';

/** The success toast area (role status) while it shows `text`. */
function successToast(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text });
}

type ToastTiming = { shownAt?: number; hiddenAt?: number };

/**
 * Records, in the page, when a success toast with `text` appears and when it goes, so the 5 s are
 * measured where they happen rather than from the test's polling.
 */
async function watchToast(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const timing: ToastTiming = {};
    (window as unknown as { toastTiming: ToastTiming }).toastTiming = timing;
    const check = () => {
      const shown = Array.from(document.querySelectorAll('[role="status"]')).some((element) =>
        element.textContent?.includes(wanted),
      );
      if (shown && timing.shownAt === undefined) timing.shownAt = performance.now();
      if (!shown && timing.shownAt !== undefined && timing.hiddenAt === undefined) {
        timing.hiddenAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

function toastTiming(page: Page): Promise<ToastTiming> {
  return page.evaluate(() => (window as unknown as { toastTiming: ToastTiming }).toastTiming);
}

/** Picks a language in a language dropdown by typing part of its name. */
async function chooseLanguage(page: Page, label: string, search: string, option: RegExp) {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  // Emptied first: typing the name already shown changes nothing, so the list would not open.
  await combobox.fill('');
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
  return combobox;
}

test('a learner signs up, verifies, signs in and out, tunes settings and recovers the password', async ({
  page,
  browser,
  baseURL,
}) => {
  const { username, email } = newLearner('ana');
  const firstPassword = 'violet tundra lantern';
  const secondPassword = 'amber quokka meadow';
  const thirdPassword = 'copper walrus orchard';

  await test.step('sign up with username, e-mail, password and languages', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    const learning = await chooseLanguage(page, "I'm learning", 'German', /^Deutsch/);
    await expect(learning).toHaveValue('Deutsch (German)');
    const speaking = await chooseLanguage(page, 'I speak', 'English', /^English$/);
    await expect(speaking).toHaveValue('English');
    await watchToast(page, 'Check your inbox to verify your e-mail');
    await page.getByRole('button', { name: 'Create an account' }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => storedSessionKeys(page)).toEqual([...sessionKeys]);
  });

  await test.step('the success toast shows at the bottom right and goes after about 5 s', async () => {
    const toast = successToast(page, 'Check your inbox to verify your e-mail');
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.6);
      expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.6);
    }
    await expect(toast).toBeHidden({ timeout: 9_000 });
    const { shownAt, hiddenAt } = await toastTiming(page);
    expect(shownAt).toBeDefined();
    expect(hiddenAt).toBeDefined();
    const shownFor = (hiddenAt ?? 0) - (shownAt ?? 0);
    expect(shownFor).toBeGreaterThan(4_500);
    expect(shownFor).toBeLessThan(6_000);
  });

  await test.step('open the verification link from the mail', async () => {
    const mail = await waitForMail(email, /confirm your e-mail/i);
    await page.goto(linkIn(mail));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your e-mail is verified' }),
    ).toBeVisible();
  });

  await test.step('settings show the address verified; its tab keeps the seed’s path', async () => {
    await openUserMenuItem(page, 'Settings');
    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByRole('tab', { name: 'Profile and learning' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const emailSection = page.getByRole('region', { name: 'E-mail' });
    await expect(emailSection.getByText(email)).toBeVisible();
    await expect(emailSection.getByText('Verified', { exact: true })).toBeVisible();
    await expect(emailSection.getByText('Not verified')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Sign-in and security' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/authentification$/);
    await expect(page.getByRole('tab', { name: 'Sign-in and security' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('sign out from the user block: the session keys are removed', async () => {
    await openUserMenuItem(page, 'Sign out');
    // Signing out lands on /login itself, not on /login?redirect=<the page left>.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect.poll(() => storedSessionKeys(page)).toEqual([]);
  });

  await test.step('sign in again: the four session keys are stored', async () => {
    await signIn(page, username, firstPassword);
    await expect.poll(() => storedSessionKeys(page)).toEqual([...sessionKeys]);
  });

  await test.step('switch the theme; it stays after a reload', async () => {
    const html = page.locator('html');
    const toggler = page.getByRole('button', { name: 'Dark theme' });
    const wasDark = (await html.getAttribute('data-theme')) === 'dark';
    await expect(toggler).toHaveAttribute('aria-pressed', String(wasDark));
    await toggler.click();
    const theme = wasDark ? 'light' : 'dark';
    await expect(html).toHaveAttribute('data-theme', theme);
    await expect(toggler).toHaveAttribute('aria-pressed', String(!wasDark));
    expect(await page.evaluate(() => localStorage.getItem('isDark'))).toBe(String(!wasDark));
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      String(!wasDark),
    );
    expect(await page.evaluate(() => localStorage.getItem('isDark'))).toBe(String(!wasDark));
  });

  await test.step('edit learning settings: a scheduler number and a language persist', async () => {
    await openUserMenuItem(page, 'Settings');
    await expect(page.getByRole('tab', { name: 'Profile and learning' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = page.getByRole('form', { name: 'Learning settings' });
    const intercept = form
      .getByRole('group', { name: 'Elevation gain' })
      .getByRole('spinbutton', { name: 'Intercept' });
    const learning = form.getByRole('combobox', { name: "I'm learning" });
    // Version 2's default (docs/scheduler.md "Defaults and bounds").
    await expect(intercept).toHaveValue('0.4');
    await expect(learning).toHaveValue('Deutsch (German)');

    await intercept.fill('0.5');
    await chooseLanguage(page, "I'm learning", 'Italian', /^Italiano/);
    await expect(learning).toHaveValue('Italiano (Italian)');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(successToast(page, 'Your learning settings were saved.')).toBeVisible();

    await page.reload();
    await expect(intercept).toHaveValue('0.5');
    await expect(learning).toHaveValue('Italiano (Italian)');
  });

  await test.step('an out-of-bounds number shows an inline error at its field', async () => {
    const form = page.getByRole('form', { name: 'Learning settings' });
    const intercept = form
      .getByRole('group', { name: 'Elevation gain' })
      .getByRole('spinbutton', { name: 'Intercept' });
    await intercept.fill('9');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(intercept).toHaveAttribute('aria-invalid', 'true');
    await expect(intercept).toHaveAccessibleDescription(/Enter a number from 0 to 3/);
    await expect(intercept).toBeFocused();
    // Only that field is wrong.
    await expect(
      form
        .getByRole('group', { name: 'Elevation depreciation' })
        .getByRole('spinbutton', { name: 'Intercept' }),
    ).toHaveAttribute('aria-invalid', 'false');
    // Nothing was saved. Reloading with the change unsaved asks first: leave.
    const leave = (dialog: Dialog) => void dialog.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await expect(intercept).toHaveValue('0.5');
  });

  await test.step('a password change signs the other session out and keeps this one', async () => {
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, email, firstPassword);

      await page.getByRole('tab', { name: 'Sign-in and security' }).click();
      const sessions = page.getByRole('region', { name: 'Sessions' });
      await expect(sessions.getByText('This device')).toBeVisible();
      await expect(sessions.getByRole('button', { name: /^Sign out .+, last used/ })).toHaveCount(
        1,
      );

      const passwordSection = page.getByRole('region', { name: 'Password' });
      await passwordSection.getByLabel('Current password', { exact: true }).fill(firstPassword);
      await passwordSection.getByLabel('New password', { exact: true }).fill(secondPassword);
      await passwordSection
        .getByLabel('Confirm the new password', { exact: true })
        .fill(secondPassword);
      await passwordSection.getByRole('button', { name: 'Change password' }).click();
      await expect(
        successToast(page, 'Your password was changed. Your other sessions were signed out.'),
      ).toBeVisible();

      // The other device is signed out on its next navigation and lands on the sign-in page.
      // Soft, so that the rest of the journey still runs when this fails.
      await otherPage.goto('/app/settings');
      await expect.soft(otherPage).toHaveURL(/\/login(\?|$)/);
      await expect
        .soft(otherPage.getByRole('heading', { level: 1, name: 'Sign in' }))
        .toBeVisible({ timeout: 1_000 });
      expect.soft(await storedSessionKeys(otherPage)).toEqual([]);

      // This one stays signed in, also after a reload.
      await page.reload();
      await expect(page).toHaveURL(/\/app\/settings\/authentification$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Sessions' }).getByText('This device'),
      ).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: 'Sessions' })
          .getByRole('button', { name: /^Sign out .+, last used/ }),
      ).toHaveCount(0);
      expect(await storedSessionKeys(page)).toEqual([...sessionKeys]);
    } finally {
      await other.close();
    }
  });

  await test.step('sign out, then ask for a reset link for the address', async () => {
    await openUserMenuItem(page, 'Sign out');
    // Signing out lands on /login itself, not on /login?redirect=<the page left>.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect.poll(() => storedSessionKeys(page)).toEqual([]);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  });

  await test.step('open the reset link and set a new password', async () => {
    const mail = await waitForMail(email, /reset your glossa password/i);
    await page.goto(linkIn(mail));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
    await page.getByLabel('Confirm the new password', { exact: true }).fill(thirdPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      successToast(page, 'Your password was changed. Sign in with the new one.'),
    ).toBeVisible();
  });

  await test.step('the old password fails with a clear error; the new one signs in', async () => {
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(secondPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /not correct/ })).toHaveText(
      'The username, e-mail or password is not correct',
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSessionKeys(page)).toEqual([]);

    await signIn(page, email, thirdPassword);
    await expect.poll(() => storedSessionKeys(page)).toEqual([...sessionKeys]);
  });
});
