import { expect, test } from '@playwright/test';
import { newLearner } from './session';

/**
 * The sign-in, sign-up and forgotten-password pages come with their markup (decision 0031, fourth
 * pass): they show before the app's script has come, and the app then draws them again over it.
 */
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in and sign-up pages show, in the asked language, their buttons held back', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Username or e-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();

    await page.goto('/signup?lang=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible();
    await expect(page.getByLabel('Benutzername')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Konto erstellen', exact: true })).toBeDisabled();

    await page.goto('/forget-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
  });
});

test('what a visitor types before the app has started is kept, and signs them in', async ({
  page,
}) => {
  const { username, email } = newLearner('early');
  const password = 'correct horse battery staple';
  const created = await page.request.post('/api/user/create', {
    data: { username, email, password },
  });
  expect(created.status()).toBe(201);

  // The app's entry is held back until the visitor has typed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).click();
  await page.keyboard.type('correct horse');

  release();
  await expect(signIn).toBeEnabled();
  // The app's own fields hold what was typed, and the caret is where it was.
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(username);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(' battery staple');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
