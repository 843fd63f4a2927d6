import { expect, test, type Page } from '@playwright/test';
import { contentSecurityPolicyIssues } from './browser-issues';

/** The four items the app stores on sign-in; the public page looks only at their presence. */
async function storePresentSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of [
      'encodedAccessToken',
      'encodedRefreshToken',
      'decodedAccessToken',
      'decodedRefreshToken',
    ]) {
      localStorage.setItem(key, 'x');
    }
  });
}

/** The public pages, prerendered at build time (decision 0031), and a sentence of each. */
const publicPages = [
  { path: '/', title: 'Glossa — Home', text: 'Learn the words of a language, one card at a time' },
  { path: '/privacy', title: 'Glossa — Privacy', text: 'Who holds your data' },
  { path: '/terms-of-use', title: 'Glossa — Terms of use', text: 'Terms of use' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages show their text, title, description and links', async ({ page }) => {
    const descriptions = new Set<string | null>();
    for (const { path, title, text } of publicPages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      await expect(page.getByText(text).first(), path).toBeVisible();
      const description = page.locator('meta[name="description"]');
      await expect(description, path).toHaveAttribute('content', /^.{50,160}$/);
      descriptions.add(await description.getAttribute('content'));
      await expect(page.getByRole('link', { name: 'Sign in' }).first(), path).toHaveAttribute(
        'href',
        '/login',
      );
      await expect(page.getByRole('link', { name: 'Privacy' }).last(), path).toBeVisible();
      // Styled as the app is: its global stylesheet (the themes' colours) came along.
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(primary, path).toBe('#3b48c4');
    }
    // One description per page.
    expect(descriptions.size).toBe(publicPages.length);
  });
});

/** The home page and the privacy notice in each interface language (decision 0037). */
const translated = {
  en: {
    home: 'Learn the words of a language, one card at a time',
    privacy: 'Who holds your data',
    title: 'Glossa — Home',
    signIn: 'Sign in',
  },
  es: {
    home: 'Aprende las palabras de un idioma, tarjeta a tarjeta',
    privacy: 'Quién guarda tus datos',
    title: 'Glossa — Inicio',
    signIn: 'Iniciar sesión',
  },
  fr: {
    home: 'Apprenez les mots d’une langue, une carte à la fois',
    privacy: 'Qui détient vos données',
    title: 'Glossa — Accueil',
    signIn: 'Se connecter',
  },
  de: {
    home: 'Lerne die Wörter einer Sprache, Karte für Karte',
    privacy: 'Wer deine Daten hält',
    title: 'Glossa — Startseite',
    signIn: 'Anmelden',
  },
} as const;
const names = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' } as const;

test.describe('in four languages, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each language of a public page shows its own text, lang, title and description', async ({
    page,
  }) => {
    const descriptions = new Set<string | null>();
    for (const [locale, text] of Object.entries(translated)) {
      await page.goto(`/?lang=${locale}`);
      await expect(page.locator('html'), locale).toHaveAttribute('lang', locale);
      await expect(page, locale).toHaveTitle(text.title);
      await expect(page.getByRole('heading', { level: 1 }), locale).toHaveText(text.home);
      await expect(page.getByRole('link', { name: text.signIn }).first(), locale).toBeVisible();
      const description = page.locator('meta[name="description"]');
      await expect(description, locale).toHaveAttribute('content', /^.{50,200}$/);
      descriptions.add(await description.getAttribute('content'));
      const current = page.getByRole('navigation').last().locator('a[aria-current]');
      await expect(current, locale).toHaveText(names[locale as keyof typeof names]);
    }
    expect(descriptions.size).toBe(4);
  });

  test("the footer's links switch the language, and the next public page follows", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translated.en.home);
    await page.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/\?lang=fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translated.fr.home);
    // No ?lang= on the footer's links: the cookie the server wrote carries the choice.
    await page.getByRole('link', { name: 'Confidentialité', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: translated.fr.privacy })).toBeVisible();
  });
});

test.describe("in the browser's language", () => {
  test.use({ javaScriptEnabled: false, locale: 'de-CH' });

  test('a German browser gets the German pages', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: translated.de.privacy })).toBeVisible();
  });
});

test("the language chosen in the app is the public pages' language, its script speaking it too", async ({
  page,
}) => {
  // The app starts in German (?lang=) and writes the cookie the server chooses by.
  await page.goto('/login?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The sign-in page's markup is German at once (prerendered); the cookie comes with the app's
  // start, which the next page must not outrun.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'glossa.locale'))
    .toMatchObject({ value: 'de' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translated.de.home);
  const toggler = page.getByRole('button', { name: 'Dunkles Design' });
  await expect(toggler).toHaveAttribute('title', /^Zum (hellen|dunklen) Design wechseln$/);
  await storePresentSession(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'App öffnen' })).toHaveCount(2);
});

test('a public page loads no file of the app and switches the theme with its own script', async ({
  page,
}) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/public-[\w-]+\.js$/);

  const html = page.locator('html');
  const toggler = page.getByRole('button', { name: 'Dark theme' });
  const wasDark = (await html.getAttribute('data-theme')) === 'dark';
  await expect(toggler).toHaveAttribute('aria-pressed', String(wasDark));
  await toggler.click();
  await expect(html).toHaveAttribute('data-theme', wasDark ? 'light' : 'dark');
  await expect(toggler).toHaveAttribute('aria-pressed', String(!wasDark));
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', wasDark ? 'light' : 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
    'aria-pressed',
    String(!wasDark),
  );

  // Into the app: the sign-in page is the app's, and it keeps the theme.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', wasDark ? 'light' : 'dark');
  expect(errors).toEqual([]);
});

test('the app raises no Content-Security-Policy issue in the browser (zod parses without eval)', async ({
  page,
}) => {
  const issues = await contentSecurityPolicyIssues(page);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('violet tundra lantern');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(issues).toEqual([]);
});

test('signed in, a public page opens the app instead of offering to sign in or up', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await storePresentSession(page);
  await page.reload();
  const openApp = page.getByRole('link', { name: 'Open app' });
  await expect(openApp).toHaveCount(2);
  await expect(openApp.first()).toHaveAttribute('href', '/app/dashboard');
  await expect(page.getByRole('link', { name: /Sign (in|up)|Create an account/ })).toHaveCount(0);
});
