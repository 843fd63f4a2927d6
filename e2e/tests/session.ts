import { expect, type Page } from '@playwright/test';

/** The four localStorage items of a session (seed §3, DESIGN §5). */
export const sessionKeys = [
  'encodedAccessToken',
  'encodedRefreshToken',
  'decodedAccessToken',
  'decodedRefreshToken',
] as const;

/** The session keys present in the page's localStorage. */
export function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (keys) => keys.filter((key) => localStorage.getItem(key) !== null),
    [...sessionKeys],
  );
}

/** A unique, valid username and address for one run (the database is fresh, but runs repeat). */
export function newLearner(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const username = `${prefix}_${suffix}`.slice(0, 32);
  return { username, email: `${username}@example.test` };
}

/** Signs in through the sign-in page and waits for the dashboard. */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // The server's answer, so that a sign-in that fails says why (its status and envelope), and one
  // never sent says so, rather than only that the address stayed.
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/auth/login') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const response = await answer.catch((error: unknown) => {
    throw new Error(`The sign-in was not sent: ${String(error)}`);
  });
  expect(response.status(), `the sign-in's answer: ${await response.text()}`).toBe(200);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Opens the user block in the app header and picks one of its items. */
export async function openUserMenuItem(page: Page, item: 'Settings' | 'Sign out'): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
