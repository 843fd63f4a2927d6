import { expect, test } from '@playwright/test';

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
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
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
  // The four items the app stores on sign-in (the page looks only at their presence).
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
  await page.reload();
  const openApp = page.getByRole('link', { name: 'Open app' });
  await expect(openApp).toHaveCount(2);
  await expect(openApp.first()).toHaveAttribute('href', '/app/dashboard');
  await expect(page.getByRole('link', { name: /Sign (in|up)|Create an account/ })).toHaveCount(0);
});
