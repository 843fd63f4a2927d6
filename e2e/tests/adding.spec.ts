import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { newLearner } from './session';

/**
 * Adding and organising (issue 16, items 8 to 13) as a new learner meets them: the pair swaps
 * instead of "English / English" (sign-up, the card dialog, the import), a new category shows
 * where it goes and several in a row are siblings, the card dialog says a card exists already,
 * short terms are detected, the import reports duplicates in a success box and closes when done,
 * browse counts every card, sorts "el árbol" before "el zumo", finds "arbol" and clears its
 * selection with Esc. Then the same screens at phone width in both themes, saved as
 * e2e/screenshots/adding-<screen>-<theme>-phone.png for people to look at.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'marigold kestrel lantern';
const learner = newLearner('adder');

/** The success toast area while it shows `text`. */
const successToast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast-success').filter({ hasText: text });

/** Picks a language in the searchable list labelled `label`, within `scope`. */
async function chooseLanguage(
  scope: Page | Locator,
  label: string,
  search: string,
  option: RegExp,
) {
  const combobox = scope.getByRole('combobox', { name: label, exact: true });
  await combobox.fill('');
  await combobox.fill(search);
  await scope.getByRole('option', { name: option }).click();
  return combobox;
}

const treeItem = (page: Page, name: string) =>
  page
    .getByRole('tree', { name: 'Categories' })
    .getByRole('treeitem', { name: new RegExp(`^${name},`) });

/** 150 Spanish words (more than a page of browse), one of them twice, one a card already. */
function importFile(): string {
  const lines = ['front,answers'];
  for (let i = 1; i <= 146; i += 1) lines.push(`palabra ${i},word ${i}`);
  lines.push('el zumo,the juice', 'EL ÁRBOL,the tree', 'la mesa,the table', 'La Mesa,the desk');
  return `${lines.join('\n')}\n`;
}

test.describe.configure({ mode: 'serial' });

let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

test('a new learner adds and organises cards without tripping', async ({ page }) => {
  await test.step('sign-up: choosing the language already on the other side swaps the pair', async () => {
    await page.goto('/signup');
    await page.getByLabel('Username', { exact: true }).fill(learner.username);
    await page.getByLabel('E-mail', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await chooseLanguage(page, "I'm learning", 'Spanish', /^Español/);
    await chooseLanguage(page, 'I speak', 'English', /^English$/);
    const learning = await chooseLanguage(page, "I'm learning", 'English', /^English$/);
    await expect(learning).toHaveValue('English');
    await expect(page.getByRole('combobox', { name: 'I speak', exact: true })).toHaveValue(
      'Español (Spanish)',
    );
    // Back to Spanish from English, by choosing Spanish where English is learnt.
    await chooseLanguage(page, "I'm learning", 'Spanish', /^Español/);
    await expect(page.getByRole('combobox', { name: 'I speak', exact: true })).toHaveValue(
      'English',
    );
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  await test.step('new categories show where they go; several in a row are siblings', async () => {
    await page.goto('/app/organize');
    await page.getByRole('button', { name: 'New category' }).click();
    let dialog = page.getByRole('dialog', { name: 'New category' });
    await expect(dialog.getByLabel('Inside')).toHaveValue('');
    await expect(
      dialog.getByText('It goes at the top level, beside your other categories.'),
    ).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Spanish');
    await page.keyboard.press('Enter');
    await expect(successToast(page, 'Category “Spanish” created at the top level.')).toBeVisible();

    await treeItem(page, 'Spanish').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();
    await expect(page.getByText('Selected:')).toHaveText('Selected: Spanish');
    for (const name of ['Food', 'Drinks', 'Verbs']) {
      await page.getByRole('button', { name: 'New category' }).click();
      dialog = page.getByRole('dialog', { name: 'New category' });
      await expect(dialog.getByText('It goes inside Spanish.')).toBeVisible();
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(successToast(page, `Category “${name}” created in “Spanish”.`)).toBeVisible();
    }
    // Three siblings under Spanish, not a four-level chain; the selection never moved.
    for (const name of ['Food', 'Drinks', 'Verbs']) {
      await expect(treeItem(page, name)).toHaveAttribute('aria-level', '2');
    }
    await expect(page.getByText('Selected:')).toHaveText('Selected: Spanish');
    await expect(page.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();

    // Arrows move the focus, not the selection: the toolbar still acts on Spanish.
    await treeItem(page, 'Spanish').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText('Selected:')).toHaveText('Selected: Spanish');
    await page.getByRole('button', { name: 'Move to…' }).click();
    await expect(page.getByRole('dialog', { name: 'Move “Spanish”' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the card dialog swaps the pair, detects English and tells a card exists', async () => {
    await page.goto('/app/browse');
    await page.getByRole('button', { name: 'New card' }).click();
    const dialog = page.getByRole('dialog', { name: 'New card' });
    const front = dialog.getByLabel('Front', { exact: true });
    await expect(front).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveValue('Español (Spanish)');

    // "the dog" in the Spanish field: a two-way choice, English, confidently.
    await front.fill('the dog');
    await expect(dialog.getByText('Detected: English')).toBeVisible();
    await dialog.getByRole('button', { name: 'Swap languages' }).click();
    await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveValue('English');
    await expect(dialog.getByRole('combobox', { name: 'To' })).toHaveValue('Español (Spanish)');
    // And back by choosing Spanish as From while To is Spanish: a swap, not "Spanish / Spanish".
    await chooseLanguage(dialog, 'From', 'Spanish', /^Español/);
    await expect(dialog.getByRole('combobox', { name: 'To' })).toHaveValue('English');

    await front.fill('el árbol');
    await dialog.getByLabel('Answers', { exact: true }).fill('the tree');
    const food = dialog.getByLabel('Category').locator('option', { hasText: 'Food' });
    await dialog.getByLabel('Category').selectOption((await food.getAttribute('value')) ?? '');
    await page.keyboard.press('Enter');
    await expect(successToast(page, 'Card “el árbol” added.')).toBeVisible();
    await expect(front).toHaveValue('');

    // The same front otherwise written: the dialog says so, with a link to the card.
    await front.fill('El Arbol');
    await expect(dialog.getByText(/This card already exists/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save anyway' })).toBeVisible();
    await front.fill('el zumo de naranja');
    await dialog.getByLabel('Answers', { exact: true }).fill('the orange juice');
    await expect(dialog.getByText(/This card already exists/)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(successToast(page, 'Card “el zumo de naranja” added.')).toBeVisible();
    await front.fill('EL ÁRBOL');
    await dialog.getByRole('link', { name: /el árbol → the tree/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'el árbol' })).toBeVisible();
  });

  await test.step('import: the columns it reads, duplicates in a success box, closed when done', async () => {
    await page.goto('/app/browse');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cards' });
    await expect(dialog.getByText(/Columns it reads: front and answers \(needed\)/)).toBeVisible();
    await dialog.getByLabel('File').setInputFiles({
      name: 'spanish.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(importFile()),
    });
    await expect(dialog.getByLabel('Front')).toHaveValue('front');
    await expect(dialog.getByRole('radio', { name: 'Skip them' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Check' }).click();
    const check = dialog.getByRole('status').filter({ hasText: /Ready to import/ });
    await expect(check).toHaveText(
      'Ready to import: 148 cards would be imported, 2 duplicate rows would be skipped.',
    );
    await expect(check).toHaveAttribute('data-tone', 'success');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const duplicates = dialog.getByRole('list', { name: 'Duplicate rows' }).getByRole('listitem');
    await expect(duplicates).toHaveText([
      'Line 149EL ÁRBOLrepeats el árbol',
      'Line 151La Mesarepeats line 150',
    ]);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(successToast(page, '148 cards imported, 2 duplicate rows skipped.')).toBeVisible();

    // The same file again: every row is a duplicate now, and nothing is added.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.getByLabel('File').setInputFiles({
      name: 'spanish.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(importFile()),
    });
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: /Ready to import/ })).toHaveText(
      'Ready to import: 0 cards would be imported, 150 duplicate rows would be skipped.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('browse: the total, the order of the language, accents aside, Esc', async () => {
    await page.goto('/app/browse');
    const status = page
      .getByRole('status')
      .filter({ hasText: /^\d[\d,]* cards?(, \d+ selected \(Esc clears\))?$/ });
    // 2 added by hand and 148 imported: more than one page of 100, counted whole.
    await expect(status).toHaveText('150 cards');
    const grid = page.getByRole('grid', { name: 'Cards' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('el ');
    await page.getByRole('button', { name: 'Front' }).click();
    await expect(grid.getByRole('link')).toHaveText(['el árbol', 'el zumo', 'el zumo de naranja']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('ARBOL');
    await expect(grid.getByRole('link')).toHaveText(['el árbol']);
    await expect(status).toHaveText('1 card');

    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect(status).toHaveText('150 cards');
    await grid.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect(status).toHaveText('150 cards, 2 selected (Esc clears)');
    await page.keyboard.press('Escape');
    await expect(status).toHaveText('150 cards');
    await expect(grid.locator('[aria-selected="true"]')).toHaveCount(0);
  });

  await test.step("the tree counts a category's sub-categories", async () => {
    await page.goto('/app/organize');
    // "el árbol" and "el zumo de naranja" went into Food (the dialog keeps the category).
    await expect(treeItem(page, 'Spanish')).toHaveAccessibleName('Spanish, 2 cards (0 here)');
  });

  signedIn = await page.context().storageState();
});

const phone = { width: 390, height: 844 };

for (const theme of ['light', 'dark'] as const) {
  test(`the adding screens at phone width, ${theme} theme`, async ({ browser, baseURL }) => {
    // Serial: the journey above signed its learner in; these screens show that learner's cards.
    if (!signedIn) throw new Error('The adding journey above did not sign its learner in');
    fs.mkdirSync(screenshotDir, { recursive: true });
    const context = await browser.newContext({
      baseURL,
      viewport: phone,
      colorScheme: theme,
      storageState: signedIn,
    });
    await context.addInitScript((isDark) => {
      localStorage.setItem('isDark', String(isDark));
    }, theme === 'dark');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${name}: horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}adding-${name}-${theme}-phone.png` });
    };
    try {
      await page.goto('/app/organize');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await treeItem(page, 'Spanish').click();
      await expect(page.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();
      await treeItem(page, 'Spanish').focus();
      await page.keyboard.press('ArrowRight');
      await expect(treeItem(page, 'Food')).toBeVisible();
      await shot('organize-tree');
      await page.getByRole('button', { name: 'New category' }).click();
      const create = page.getByRole('dialog', { name: 'New category' });
      await expect(create.getByText('It goes inside Spanish.')).toBeVisible();
      await shot('new-category');
      await page.keyboard.press('Escape');

      await page.goto('/app/browse');
      await page.getByRole('searchbox', { name: 'Search' }).fill('arbol');
      await expect(page.getByRole('grid', { name: 'Cards' }).getByRole('link')).toHaveText([
        'el árbol',
      ]);
      await shot('browse-filter');

      await page.getByRole('button', { name: 'New card' }).click();
      const card = page.getByRole('dialog', { name: 'New card' });
      await card.getByLabel('Front', { exact: true }).fill('El Arbol');
      await expect(card.getByText(/This card already exists/)).toBeVisible();
      await shot('new-card-duplicate');
      await card.getByLabel('Front', { exact: true }).fill('the cat');
      await expect(card.getByText('Detected: English')).toBeVisible();
      await shot('new-card-detected');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import cards' });
      await dialog.getByLabel('File').setInputFiles({
        name: 'spanish.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(importFile()),
      });
      await dialog.getByRole('button', { name: 'Check' }).click();
      await expect(dialog.getByRole('list', { name: 'Duplicate rows' })).toBeVisible();
      await dialog.getByRole('list', { name: 'Duplicate rows' }).scrollIntoViewIfNeeded();
      await shot('import-duplicates');
      expect(errors, 'console errors').toEqual([]);
    } finally {
      await context.close();
    }
  });
}
