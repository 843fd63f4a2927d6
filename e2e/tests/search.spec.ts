import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';
import { apiAs } from './study';

/**
 * Search (issue 15): learner A publishes a deck; learner B finds it in explore, copies it, and
 * searching "cafe" finds "café" in the copy (highlighted), not in A's deck; the header's quick
 * search works with the keyboard alone. Then the search page and the palette in both themes at
 * phone and desktop width: screenshots in e2e/screenshots/search-*.png.
 */

const password = 'quiet harbour lantern';
const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const widths = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ['light', 'dark'] as const;

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
let journey: { b: StorageState } | undefined;

async function signUp(request: APIRequestContext, prefix: string) {
  const learner = newLearner(prefix);
  const created = await request.post('/api/user/create', {
    data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return learner;
}

test.describe.configure({ mode: 'serial' });

test('B copies A’s public deck, finds café by typing cafe, and searches by keyboard alone', async ({
  browser,
  request,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const a = await signUp(request, 'barista');
  const b = await signUp(request, 'tourist');
  const deckName = `Bebidas ${a.username.slice(-5)}`;
  const aSide = await browser.newContext({ baseURL });
  const bSide = await browser.newContext({ baseURL });
  try {
    const aPage = await aSide.newPage();
    await signIn(aPage, a.username, password);
    const aApi = await apiAs(aPage, request);

    await test.step('A publishes a deck', async () => {
      const deckId = String(
        (
          await aApi.post('/api/categories', {
            name: deckName,
            description: 'Cafés, tés y zumos.',
            visibility: 'public',
            fromLanguageCode: 'es',
            toLanguageCode: 'en',
          })
        )['id'],
      );
      for (const [front, answer] of [
        ['el café', 'the coffee'],
        ['el té', 'the tea'],
        ['el zumo de naranja', 'the orange juice'],
      ] as const) {
        await aApi.post('/api/cards', {
          front,
          answers: [answer],
          fromLanguageCode: 'es',
          toLanguageCode: 'en',
          categoryId: deckId,
        });
      }
    });

    const bPage = await bSide.newPage();
    await signIn(bPage, b.username, password);

    await test.step('B finds it in explore and copies it', async () => {
      await bPage.goto('/app/explore');
      await bPage.getByRole('searchbox', { name: 'Search' }).fill(deckName);
      await bPage
        .getByRole('article', { name: deckName })
        .getByRole('button', { name: 'Preview' })
        .click();
      const dialog = bPage.getByRole('dialog', { name: deckName });
      await dialog.getByRole('button', { name: 'Copy to my categories' }).click();
      await expect(dialog.getByRole('link', { name: 'Open the copy' })).toBeVisible();
      await bPage.keyboard.press('Escape');
    });

    await test.step('B searches "cafe" and finds "café" in the copy only', async () => {
      await bPage.goto('/app/search');
      const box = bPage.getByRole('searchbox', { name: 'Search' });
      await expect(box).toBeFocused();
      await box.fill('cafe');
      await expect(bPage).toHaveURL(/\/app\/search\?q=cafe$/);
      const cards = bPage.getByRole('region', { name: 'Cards' });
      const hit = cards.getByRole('link', { name: /el café/ });
      await expect(hit).toHaveCount(1);
      await expect(hit.locator('mark')).toHaveText('café');
      // The copy's category matches by its description; A's deck is not B's to search.
      const categories = bPage.getByRole('region', { name: 'Categories' });
      await expect(categories.getByRole('link')).toHaveCount(1);
      await expect(bPage.getByText('1 card and 1 category')).toBeVisible();
      // The public decks are a scope of their own: there A's card is found too.
      await bPage.getByLabel('Search in').selectOption('public');
      await expect(cards.getByRole('link', { name: /el café/ })).toHaveCount(1);
      await expect(cards.getByText('not yours')).toBeVisible();
      await bPage.getByLabel('Search in').selectOption('mine');
      await hit.click();
      await expect(bPage.getByRole('heading', { level: 1, name: 'el café' })).toBeVisible();
      // Back returns to the search as it was.
      await bPage.goBack();
      await expect(bPage.getByRole('searchbox', { name: 'Search' })).toHaveValue('cafe');
    });

    await test.step('the quick search palette works with the keyboard alone', async () => {
      await bPage.goto('/app/dashboard');
      await expect(bPage.getByRole('heading', { level: 1 })).toBeVisible();
      // Tab to the first control of the page, then open the palette with /.
      await bPage.keyboard.press('Tab');
      const before = await bPage.evaluate(() => document.activeElement?.outerHTML ?? '');
      await bPage.keyboard.press('/');
      const palette = bPage.getByRole('dialog', { name: 'Quick search' });
      const box = palette.getByRole('combobox', { name: 'Search' });
      await expect(box).toBeFocused();
      await bPage.keyboard.type('zumo');
      await expect(palette.getByRole('option', { name: /el zumo de naranja/ })).toBeVisible();
      // Esc closes; focus is back where it was.
      await bPage.keyboard.press('Escape');
      await expect(palette).toHaveCount(0);
      expect(await bPage.evaluate(() => document.activeElement?.outerHTML ?? '')).toBe(before);
      // Ctrl+K, type, arrows to the card, Enter opens it.
      await bPage.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      await bPage.keyboard.type('cafe');
      const option = palette.getByRole('option', { name: /el café/ });
      await expect(option).toBeVisible();
      const options = palette.getByRole('option');
      const count = await options.count();
      for (let i = 0; i < count; i++) {
        if ((await option.getAttribute('aria-selected')) === 'true') break;
        await bPage.keyboard.press('ArrowDown');
      }
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await bPage.keyboard.press('Enter');
      await expect(bPage.getByRole('heading', { level: 1, name: 'el café' })).toBeVisible();
      await expect(bPage).toHaveURL(/\/app\/card\//);
      // In a text field, / is text.
      await bPage.goto('/app/search');
      await expect(bPage.getByRole('searchbox', { name: 'Search' })).toBeFocused();
      await bPage.keyboard.type('a/b');
      await expect(bPage.getByRole('dialog')).toHaveCount(0);
      await expect(bPage.getByRole('searchbox', { name: 'Search' })).toHaveValue('a/b');
    });

    journey = { b: await bSide.storageState() };
  } finally {
    await Promise.all([aSide.close(), bSide.close()]);
  }
});

async function check(page: Page, name: string, widthName: string) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading|^Searching/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}search-${name}.png`, fullPage: true });
  if (widthName === 'phone') {
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(overflow.scrollWidth, `${name}: horizontal scroll`).toBeLessThanOrEqual(
      overflow.innerWidth,
    );
  }
}

test.describe('screens', () => {
  for (const theme of themes) {
    for (const [widthName, viewport] of Object.entries(widths)) {
      test(`search and the palette, ${theme} theme at ${widthName} width`, async ({
        browser,
      }, testInfo) => {
        if (!journey) throw new Error('The journey did not run');
        fs.mkdirSync(screenshotDir, { recursive: true });
        const errors: string[] = [];
        const context = await browser.newContext({
          baseURL: testInfo.project.use.baseURL,
          viewport,
          colorScheme: theme,
          storageState: journey.b,
        });
        await context.addInitScript((isDark) => {
          localStorage.setItem('isDark', String(isDark));
        }, theme === 'dark');
        try {
          const page = await context.newPage();
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(message.text());
          });
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto('/app/search?q=cafe');
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.getByRole('region', { name: 'Cards' })).toBeVisible();
          await check(page, `results-${theme}-${widthName}`, widthName);
          await page.getByRole('searchbox', { name: 'Search' }).blur();
          await page.keyboard.press('Control+k');
          const palette = page.getByRole('dialog', { name: 'Quick search' });
          await page.keyboard.type('caf');
          await expect(palette.getByRole('option', { name: /el café/ })).toBeVisible();
          await page.keyboard.press('ArrowDown');
          await check(page, `palette-${theme}-${widthName}`, widthName);
        } finally {
          await context.close();
        }
        expect(errors, 'console errors').toEqual([]);
      });
    }
  }
});
