import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * The wiki (issue 17): a learner opens the help, searches an article, follows a heading's anchor,
 * scores a guess in the playground as the server scores it, and moves a what-if slider to see the
 * scheduler's curves change. Screenshots at 390 px in both themes go to
 * e2e/screenshots/wiki-<screen>-<theme>-phone.png.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const phone = { width: 390, height: 844 };
const password = 'juniper otter lantern';

async function newSignedInLearner(page: Page) {
  const learner = newLearner('wiki');
  const created = await page.request.post('/api/user/create', {
    data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, learner.username, password);
  return learner;
}

test('open the wiki, search, follow an anchor, score a guess, move a slider', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await newSignedInLearner(page);

  // The header's navigation leads to the wiki; its index lists every article.
  await page.goto('/app/wiki');
  await expect(page.getByRole('heading', { level: 1, name: 'Wiki' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Help articles' }).getByRole('link'),
  ).toHaveCount(8);

  // Search inside the wiki, then open the section found.
  await page.getByLabel('Search the help').fill('quick answer');
  const hits = page.getByRole('list', { name: 'Help search results' });
  await expect(hits.getByRole('link').first()).toContainText('Studying and scoring');
  await hits.getByRole('link', { name: /The verdict and the grade/ }).click();
  await expect(page).toHaveURL(/\/app\/wiki\/studying-and-scoring#the-verdict-and-the-grade$/);
  await expect(
    page.getByRole('heading', { level: 2, name: /The verdict and the grade/ }),
  ).toBeFocused();

  // A heading's anchor link gives the section its address; opening it lands on the section.
  await page.getByRole('link', { name: 'Link to the section “Reading the differences”' }).click();
  await expect(page).toHaveURL(/#reading-the-differences$/);
  await page.goto('/app/wiki/shortcuts#browse-the-table-of-cards');
  const browseHeading = page.getByRole('heading', {
    level: 2,
    name: /Browse \(the table of cards\)/,
  });
  await expect(browseHeading).toBeFocused();
  await expect(browseHeading).toBeInViewport();

  // The playground scores as the server does: "tree" for "the tree" keeps 90 % and passes.
  await page.goto('/app/wiki/studying-and-scoring#try-it-the-scoring-playground');
  const playground = page.getByTestId('playground');
  await playground.getByLabel('Expected answer').fill('the tree');
  await playground.getByLabel('Your guess').fill('tree');
  await expect(playground.getByTestId('playground-score')).toHaveText('90 %');
  await expect(playground.getByTestId('playground-verdict')).toHaveText('Right, with a slip');
  await expect(playground.getByTestId('playground-grade')).toHaveText('2 · close');
  await playground.getByLabel('Your guess').fill('the tres');
  await expect(playground.getByTestId('playground-grade')).toHaveText('1 · missed');
  await expect(playground.getByTestId('answer-diff')).toBeVisible();
  await playground.getByLabel('Your guess').fill('The tree!');
  await playground.getByLabel('Answered within my quick threshold').check();
  await expect(playground.getByTestId('playground-grade')).toHaveText('4 · exact and quick');

  // The curves come from the learner's numbers; a slider moves them.
  await page.goto('/app/wiki/scheduler');
  const curves = page.getByTestId('curves');
  await expect(curves.getByTestId('curves-source')).toHaveText('Drawn from your own numbers.');
  const line = curves.locator('[data-series="all-correct"]');
  const before = await line.getAttribute('d');
  const slider = curves.getByRole('slider', { name: /Lift of every right answer/ });
  await slider.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(curves.getByTestId('curves-source')).toContainText('not saved');
  await expect.poll(() => line.getAttribute('d')).not.toBe(before);
  await curves.getByRole('button', { name: 'Back to my numbers' }).click();
  await expect.poll(() => line.getAttribute('d')).toBe(before);

  // The app's quick search finds help too.
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Quick search' });
  await dialog.getByRole('combobox', { name: 'Search' }).fill('export');
  const option = dialog.getByRole('option', { name: /Import and export/ }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/app\/wiki\/import-export/);
  expect(errors).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the wiki at phone width, ${theme} theme`, async ({ browser, baseURL }) => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    const context = await browser.newContext({ baseURL, viewport: phone, colorScheme: theme });
    await context.addInitScript((isDark) => {
      localStorage.setItem('isDark', String(isDark));
    }, theme === 'dark');
    const page = await context.newPage();
    await newSignedInLearner(page);
    await page.addStyleTag({
      content:
        '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    const shot = async (name: string, fullPage = false) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${name}: horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${screenshotDir}wiki-${name}-${theme}-phone.png`,
        fullPage,
      });
    };
    /** Scrolls a part of the page to the top of the screen, below the sticky header. */
    const toTop = async (testId: string) => {
      await page.getByTestId(testId).evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -72);
      });
    };
    await page.goto('/app/wiki');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('heading', { level: 1, name: 'Wiki' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('index');
    await page.getByLabel('Search the help').fill('grade');
    await expect(page.getByRole('list', { name: 'Help search results' })).toBeVisible();
    await shot('search');
    await page.goto('/app/wiki/studying-and-scoring#try-it-the-scoring-playground');
    const playground = page.getByTestId('playground');
    await playground.getByLabel('Expected answer').fill('la manzana');
    await playground.getByLabel('Language of the answer').selectOption('es');
    await playground.getByLabel('Your guess').fill('la mansanna');
    await expect(playground.getByTestId('playground-grade')).toHaveText('1 · missed');
    await toTop('playground');
    await shot('playground');
    await toTop('playground-result');
    await shot('playground-result');
    await page.goto('/app/wiki/scheduler#your-curves');
    await expect(page.getByTestId('forgetting-curve')).toBeVisible();
    await toTop('curves');
    await shot('curves');
    await page.getByRole('slider', { name: /Lift of every right answer/ }).focus();
    await page.keyboard.press('ArrowRight');
    await toTop('interval-plot');
    await shot('interval-plot');
    await toTop('forgetting-curve');
    await shot('forgetting-curve');
    await toTop('grade-waits-v1');
    await shot('grade-waits');
    await page.goto('/app/wiki/shortcuts');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('shortcuts');
    await page.goto('/app/wiki/import-export');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('import-export', true);
    await context.close();
  });
}
