import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contentSecurityPolicyIssues } from './browser-issues';
import { answerField, newSignedInLearner } from './study';

/**
 * An /app page's shell names every script the page imports as it starts, its route modules and
 * what they import at once (the contract's checks, the live socket, the study session;
 * apps/web/scripts/app-shells.mjs), so that Vite's preload helper adds no <link> of its own while
 * the page starts: each costs a phone's main thread (decision 0031, eighth pass). A new import at
 * start-up that the shell does not name shows here.
 */

/** The scripts the served shell names (its entry and its modulepreload links), as addresses. */
async function namedInShell(page: Page, address: string): Promise<Set<string>> {
  const response = await page.request.get(address, { headers: { 'accept-language': 'en' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const base = new URL(address, page.url()).origin;
  const named = [
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
  ];
  return new Set(named.map((match) => new URL(match[1] ?? '', base).href));
}

/** A new learner (German to English) signed in on `page`, with one card to study. */
async function signedInWithACard(page: Page, request: APIRequestContext, prefix: string) {
  const api = await newSignedInLearner(page, request, prefix);
  await api.post('/api/cards', {
    front: 'Haus',
    answers: ['house'],
    fromLanguageCode: 'de',
    toLanguageCode: 'en',
  });
}

/** The scripts the document preloads once the page has started. */
function preloadedNow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
      (link) => link.href,
    ),
  );
}

test('the dashboard and the study page start with every script named in their shells', async ({
  page,
  request,
}) => {
  await signedInWithACard(page, request, 'start');

  await test.step('the dashboard, opened afresh, with its statistics', async () => {
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'True retention' })).toBeVisible();
    const named = await namedInShell(page, '/app/dashboard');
    expect(named.size).toBeGreaterThan(0);
    const added = (await preloadedNow(page)).filter((href) => !named.has(href));
    expect(added).toEqual([]);
  });

  await test.step('the study page, opened afresh, with its first card', async () => {
    await page.goto('/app/study');
    await expect(answerField(page)).toBeVisible();
    const named = await namedInShell(page, '/app/study');
    const added = (await preloadedNow(page)).filter((href) => !named.has(href));
    expect(added).toEqual([]);
  });
});

test('the study page preloads the stylesheets of what it imports as it starts, and the /app pages raise no Content-Security-Policy issue', async ({
  page,
  request,
}) => {
  const issues = await contentSecurityPolicyIssues(page);
  await signedInWithACard(page, request, 'startcss');

  await page.goto('/app/study');
  await expect(answerField(page)).toBeVisible();
  // The study session's stylesheets, which Vite's preload helper adds as its module is imported:
  // the shell fetched each ahead (decision 0031, twelfth pass), so none waits for a round trip.
  const html = await (
    await page.request.get('/app/study', { headers: { 'accept-language': 'en' } })
  ).text();
  const inShell = new Set(
    [...html.matchAll(/<link rel="(?:stylesheet|preload" as="style)"[^>]*href="([^"]+)"/g)].map(
      (match) => new URL(match[1] ?? '', page.url()).href,
    ),
  );
  const applied = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
      (link) => link.href,
    ),
  );
  expect(applied.length).toBeGreaterThan(inShell.size / 2);
  expect(applied.filter((href) => !inShell.has(href))).toEqual([]);

  await page.goto('/app/dashboard');
  await expect(page.getByRole('region', { name: 'True retention' })).toBeVisible();
  // zod's setup (no trial of `new Function`) runs before the start checks' schemas are made.
  expect(issues).toEqual([]);
});

test('the sign-up page names its language combobox in its shell: no script link is added for it', async ({
  page,
}) => {
  await page.goto('/signup');
  // The real combobox (its toggle button), which replaces the stand-in once its code has come.
  await expect(page.getByRole('button', { name: /Show I speak options/ })).toBeVisible();
  const named = await namedInShell(page, '/signup');
  const added = (await preloadedNow(page)).filter((href) => !named.has(href));
  expect(added).toEqual([]);
});

test("the entry script begins with V8's compile hint, so its functions compile off the main thread", async ({
  request,
}) => {
  const html = await (await request.get('/app/dashboard')).text();
  const entry = /<script type="module"[^>]*src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const script = await request.get(entry ?? '');
  expect(script.status()).toBe(200);
  expect((await script.text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});
