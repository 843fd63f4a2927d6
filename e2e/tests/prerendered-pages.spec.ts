import { expect, test, type Page } from '@playwright/test';
import { newLearner } from './session';

/**
 * The sign-in, sign-up and forgotten-password pages come with their markup (decision 0031, fourth
 * and ninth passes): they show before the app's script has come, and the app then hydrates them,
 * keeping their elements.
 */
/** The app's entry script. */
const entryScript = /\/assets\/index-[^/]+\.js$/;

/** Holds the app's entry script back until the returned function is called. */
async function holdEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(entryScript, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's uncaught errors and console errors from now on, as they come. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

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
  const release = await holdEntry(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).click();
  await page.keyboard.type('correct horse');
  // The prerendered fields, to tell after the app has started whether it kept them.
  await page.evaluate(() => {
    const kept = window as unknown as { prerenderedFields?: Element[] };
    kept.prerenderedFields = Array.from(document.querySelectorAll('#root input'));
  });

  release();
  await expect(signIn).toBeEnabled();
  // The app hydrated the page: the very fields, holding what was typed, the caret where it was.
  const sameFields = await page.evaluate(() => {
    const kept = window as unknown as { prerenderedFields?: Element[] };
    const now = Array.from(document.querySelectorAll('#root input'));
    return now.length > 0 && now.every((field, index) => field === kept.prerenderedFields?.[index]);
  });
  expect(sameFields).toBe(true);
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(username);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(' battery staple');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a password typed on the sign-up page before the app has started gets its strength shown', async ({
  page,
}) => {
  const release = await holdEntry(page);
  await page.goto('/signup', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('early_meter');
  await page.getByLabel('Password', { exact: true }).fill('early_meter1');

  release();
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeEnabled();
  // Without a further keystroke: the meter hears what the hydrated field holds.
  const meter = page.getByRole('meter', { name: 'Password strength:' });
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
  await expect(page.getByText(/your username with only digits or symbols added/)).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('early_meter1');
});

/**
 * Opens `address` with the app's entry held back, notes the page's elements, lets the app start
 * and tells whether it hydrated them (every element kept) without an error.
 */
async function hydratesKeepingEverything(page: Page, address: string): Promise<void> {
  const errors = pageErrors(page);
  const release = await holdEntry(page);
  await page.goto(address, { waitUntil: 'commit' });
  const submit = page.locator('#root button[type="submit"]').first();
  await expect(submit).toBeDisabled();
  const count = await page.evaluate(() => {
    const kept = window as unknown as { prerendered?: Element[] };
    // Not the language fields' stand-ins (sign-up), which give way to the combobox once its code
    // has come, after the app's first render.
    const standIns = Array.from(document.querySelectorAll('#root input[aria-busy="true"]')).map(
      (input) => input.parentElement?.parentElement,
    );
    kept.prerendered = Array.from(document.querySelectorAll('#root *')).filter(
      (element) => !standIns.some((field) => field?.contains(element)),
    );
    return kept.prerendered.length;
  });
  expect(count, address).toBeGreaterThan(20);
  release();
  await expect(submit).toBeEnabled();
  const lost = await page.evaluate(() => {
    const kept = window as unknown as { prerendered?: Element[] };
    return (kept.prerendered ?? [])
      .filter((element) => !element.isConnected)
      .map((element) => `${element.tagName}.${element.getAttribute('class') ?? ''}`);
  });
  expect(lost, address).toEqual([]);
  expect(errors, address).toEqual([]);
  await page.unroute(entryScript);
}

test.describe('hydrated', () => {
  // The app's service worker would serve the entry from its cache, past the hold.
  test.use({ serviceWorkers: 'block' });

  test('the app hydrates each prerendered page in each language, keeping every element', async ({
    page,
  }) => {
    for (const address of ['/login', '/signup', '/forget-password'])
      for (const locale of ['en', 'es', 'fr', 'de'])
        await hydratesKeepingEverything(page, `${address}?lang=${locale}`);
  });

  test('a page asked in the right-to-left pseudo-locale, which has no prerendered markup, is drawn anew without an error, keeping what was typed', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const release = await holdEntry(page);
    await page.goto('/login?lang=ar-XB', { waitUntil: 'commit' });
    // The markup is the English one; the app's pages are in the pseudo-locale.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('Username or e-mail').fill('someone');
    release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-XB');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const login = page.locator('#root input[name="login"]');
    await expect(login).toHaveValue('someone');
    await expect(page.locator('#root button[type="submit"]')).toBeEnabled();
    expect(errors).toEqual([]);
  });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE', serviceWorkers: 'block' });

  test('the sign-up page is hydrated in German, its languages prefilled from the browser', async ({
    page,
  }) => {
    await hydratesKeepingEverything(page, '/signup');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('input[type="hidden"][name="toLanguageCode"]')).toHaveValue('de');
  });
});
