import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { newLearner, signIn } from './session';

/**
 * The cards journey (issue 3): twenty cards added by keyboard alone, a three-level category tree
 * with cards moved into its deepest level, the tree shared with a second learner who sees it as
 * their role allows, and a 5,000-row import refused for one bad row, then accepted once fixed.
 */

const words: readonly (readonly [string, string])[] = [
  ['manzana', 'apple'],
  ['naranja', 'orange'],
  ['plátano', 'banana; plantain'],
  ['fresa', 'strawberry'],
  ['uva', 'grape'],
  ['pera', 'pear'],
  ['cereza', 'cherry'],
  ['limón', 'lemon'],
  ['sandía', 'watermelon'],
  ['melocotón', 'peach'],
  ['pan', 'bread'],
  ['queso', 'cheese'],
  ['leche', 'milk'],
  ['huevo', 'egg'],
  ['mantequilla', 'butter'],
  ['arroz', 'rice'],
  ['pollo', 'chicken'],
  ['pescado', 'fish'],
  ['sopa', 'soup'],
  ['ensalada', 'salad'],
];
/** The first ten (fruit) go into the deepest category. */
const fruit = words.slice(0, 10).map(([front]) => front);

const importRows = 5_000;
/** The bad row's line in the file (line 1 is the header). */
const badLine = 2_718;

function importCsv(withBadRow: boolean): string {
  const lines = ['front,answers,notes,category'];
  for (let row = 1; row <= importRows; row += 1) {
    const line = row + 1;
    // An empty answers cell: a card needs at least one answer.
    const answers = withBadRow && line === badLine ? '' : `answer ${row}`;
    lines.push(`palabra ${row},${answers},"note, ${row}",Bulk import`);
  }
  return `${lines.join('\n')}\n`;
}

/** The success toast area (role status) while it shows `text`. */
function successToast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast-success').filter({ hasText: text });
}

/** Creates a learner through the API and verifies the address with the mailed link. */
async function createVerifiedLearner(
  browser: Browser,
  baseURL: string | undefined,
  prefix: string,
) {
  const { username, email } = newLearner(prefix);
  const password = 'juniper otter compass';
  const context = await browser.newContext({ baseURL });
  try {
    const created = await context.request.post('/api/user/create', {
      data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
    });
    expect(created.status(), await created.text()).toBe(201);
    // The link of the mail, finished by its call (accounts.spec.ts opens it in the page).
    const link = new URL(linkIn(await waitForMail(email, /confirm your e-mail/i)), 'http://x');
    const verified = await context.request.post('/api/user/verify-email', {
      data: { token: link.searchParams.get('token') },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  } finally {
    await context.close();
  }
  return { username, email, password };
}

/** Counts the caller's cards through the API (every page of GET /api/cards). */
function countCards(page: Page, query: Record<string, string> = {}): Promise<number> {
  return page.evaluate(async (filters) => {
    const bearer = `Bearer ${btoa(localStorage.getItem('encodedAccessToken') ?? '')}`;
    let count = 0;
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ ...filters, limit: '200' });
      if (cursor) params.set('cursor', cursor);
      const response = await fetch(`/api/cards?${params.toString()}`, {
        headers: { Authorization: bearer },
      });
      if (!response.ok) throw new Error(`GET /api/cards answered ${response.status}`);
      const body = (await response.json()) as {
        payload: { items: unknown[]; nextCursor: string | null };
      };
      count += body.payload.items.length;
      cursor = body.payload.nextCursor;
    } while (cursor);
    return count;
  }, query);
}

/** The id at the end of /app/organize/{id}. */
function categoryIdOf(page: Page): string {
  const match = /\/app\/organize\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`Not on a category page: ${page.url()}`);
  return decodeURIComponent(match[1]);
}

function treeItem(page: Page, name: string) {
  return page
    .getByRole('tree', { name: 'Categories' })
    .getByRole('treeitem', { name: new RegExp(`^${name},`) });
}

/** The row of a tree item itself, without its open children. */
function treeRow(page: Page, name: string) {
  return treeItem(page, name).getByText(name, { exact: true }).first();
}

test('a learner adds cards by keyboard, files them in a shared tree and imports 5,000 rows', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The longest journey (two learners, a shared tree, two 5,000-row files): it took just over
  // the suite's two minutes on a busy machine, so it has four.
  test.setTimeout(240_000);
  const [ana, bob] = await Promise.all([
    createVerifiedLearner(browser, baseURL, 'ana'),
    createVerifiedLearner(browser, baseURL, 'bob'),
  ]);
  await signIn(page, ana.username, ana.password);

  await test.step('add twenty cards with the keyboard alone', async () => {
    await page.goto('/app/browse');
    await expect(page.getByRole('heading', { name: 'No cards yet' })).toBeVisible();
    // From here to the last card: keys only.
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New card' });
    await expect(dialog).toBeVisible();
    const front = dialog.getByLabel('Front', { exact: true });
    const answers = dialog.getByLabel('Answers', { exact: true });
    await expect(front).toBeFocused();
    for (const [term, translation] of words) {
      await page.keyboard.type(term);
      await page.keyboard.press('Tab');
      await expect(answers).toBeFocused();
      await page.keyboard.type(translation);
      await page.keyboard.press('Enter');
      // Saved: the sides are cleared and the front is ready for the next card.
      await expect(successToast(page, `Card “${term}” added.`)).toBeVisible();
      await expect(front).toHaveValue('');
      await expect(answers).toHaveValue('');
      await expect(front).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('browse lists all twenty', async () => {
    await expect(page.getByRole('status').filter({ hasText: /cards?$/ })).toHaveText('20 cards');
    // Walk the virtualised grid from the first row to the last and read each front.
    const grid = page.getByRole('grid', { name: 'Cards' });
    await grid.focus();
    await page.keyboard.press('Home');
    const seen: string[] = [];
    for (let row = 0; row < words.length; row += 1) {
      if (row > 0) await page.keyboard.press('ArrowDown');
      const activeId = await grid.getAttribute('aria-activedescendant');
      const active = page.locator(`[id="${activeId}"]`);
      await expect(active).toHaveAttribute('aria-rowindex', String(row + 2));
      seen.push((await active.getByRole('link').textContent()) ?? '');
    }
    expect([...seen].sort()).toEqual(words.map(([term]) => term).sort());
    expect(await countCards(page)).toBe(20);
  });

  let fruitId = '';
  let spanishId = '';
  await test.step('build a three-level category tree: create, move by keyboard and by drag', async () => {
    await page.goto('/app/organize');
    await expect(page.getByText('No categories yet.')).toBeVisible();

    const create = async (name: string, where: 'inside' | 'top') => {
      await page.getByRole('button', { name: 'New category' }).click();
      const dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      // The parent is shown and chosen; nothing is open yet, so it starts at the top level.
      await expect(dialog.getByLabel('Inside')).toHaveValue('');
      if (where === 'top') await expect(dialog.getByText(/It goes at the top level/)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(
        successToast(page, `Category “${name}” created at the top level.`),
      ).toBeVisible();
      await expect(treeItem(page, name)).toBeVisible();
    };
    await create('Spanish', 'top');
    await create('Food', 'top');
    await create('Fruit', 'top');
    const tree = page.getByRole('tree', { name: 'Categories' });
    await expect(tree.getByRole('treeitem')).toHaveCount(3);

    // Fruit into Food with the keyboard: arrows to the item, Enter selects it (it opens beside
    // the tree), Tab to the toolbar, "Move to…".
    await treeItem(page, 'Food').focus();
    await page.keyboard.press('ArrowDown');
    await expect(treeItem(page, 'Fruit')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Fruit' })).toBeVisible();
    await expect(page.getByText('Selected:')).toHaveText('Selected: Fruit');
    await page.getByRole('button', { name: 'Move to…' }).focus();
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: 'Move “Fruit”' });
    await move.getByLabel('New parent').selectOption({ label: 'Food' });
    await move.getByRole('button', { name: 'Move' }).press('Enter');
    await expect(move).toBeHidden();
    await expect(successToast(page, '“Fruit” moved.')).toBeVisible();

    // Food (with Fruit inside) onto Spanish by drag and drop.
    // By their rows: an open item's box also holds its children.
    await treeRow(page, 'Food').dragTo(treeRow(page, 'Spanish'));
    await expect(successToast(page, '“Food” moved.')).toBeVisible();
    await expect(treeItem(page, 'Food')).toHaveAttribute('aria-level', '2');

    // Walk to the deepest level with the keyboard: Spanish › Food › Fruit, opening as needed.
    const openAndDescend = async (name: string) => {
      const item = treeItem(page, name);
      await expect(item).toBeFocused();
      if ((await item.getAttribute('aria-expanded')) === 'false') {
        await page.keyboard.press('ArrowRight');
        await expect(item).toHaveAttribute('aria-expanded', 'true');
      }
      await page.keyboard.press('ArrowRight');
    };
    await treeItem(page, 'Spanish').focus();
    await openAndDescend('Spanish');
    await openAndDescend('Food');
    await expect(treeItem(page, 'Fruit')).toBeFocused();
    await expect(treeItem(page, 'Fruit')).toHaveAttribute('aria-level', '3');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/organize\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Fruit' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Parent categories' });
    await expect(crumbs.getByRole('link')).toHaveText(['Spanish', 'Food']);
    fruitId = categoryIdOf(page);
    await crumbs.getByRole('link', { name: 'Spanish' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();
    spanishId = categoryIdOf(page);
  });

  await test.step('select the ten fruit cards in browse and move them to Fruit', async () => {
    await page.goto('/app/browse');
    const grid = page.getByRole('grid', { name: 'Cards' });
    await page.getByRole('button', { name: 'Front' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Front' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    for (const [index, term] of fruit.entries()) {
      const checkbox = grid.getByRole('checkbox', { name: `Select “${term}”` });
      await checkbox.scrollIntoViewIfNeeded();
      await checkbox.check();
      await expect(page.getByRole('status').filter({ hasText: /selected/ })).toHaveText(
        `20 cards, ${index + 1} selected (Esc clears)`,
      );
    }
    const toolbar = page.getByRole('toolbar', { name: 'Selected cards' });
    await toolbar.getByLabel('Move to').selectOption({ label: '\u00a0'.repeat(6) + 'Fruit' });
    await toolbar.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(successToast(page, '10 cards moved.')).toBeVisible();
    await expect(toolbar).toBeHidden();
    expect(await countCards(page, { categoryId: fruitId, includeSubcategories: 'false' })).toBe(10);
  });

  await test.step("Fruit's page lists its ten cards", async () => {
    await page.goto(`/app/organize/${fruitId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Fruit' })).toBeVisible();
    await expect(page.getByText('10 cards', { exact: true })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Cards' }).getByRole('link');
    await expect(cards).toHaveCount(10);
    expect((await cards.allTextContents()).sort()).toEqual([...fruit].sort());
    // Spanish counts the cards of its whole subtree.
    expect(await countCards(page, { categoryId: spanishId, includeSubcategories: 'true' })).toBe(
      10,
    );
  });

  await test.step('share Spanish and its sub-categories, inviting a second learner as a viewer', async () => {
    await page.goto(`/app/organize/${spanishId}`);
    const settings = page.getByRole('form', { name: 'Category settings' });
    await settings.getByRole('radio', { name: /^Shared/ }).check();
    // Food and Fruit were made private (at the top level, before they moved in): share them too.
    await settings.getByRole('checkbox', { name: /^The same for its sub-categories/ }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(successToast(page, 'The category settings were saved.')).toBeVisible();
    // Members join by accepting (issue 14, item 10): the invitation waits for Bob's answer.
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Username', { exact: true }).fill(bob.username);
    await invite.getByLabel('Role').selectOption('viewer');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(
      page.getByRole('list', { name: 'Waiting for an answer' }).getByText(bob.username),
    ).toBeVisible();
  });

  await test.step('the viewer sees the shared tree and its cards, read-only', async () => {
    const context = await browser.newContext({ baseURL });
    try {
      const bobPage = await context.newPage();
      await signIn(bobPage, bob.username, bob.password);
      await bobPage.getByRole('link', { name: '1 invitation waits for your answer' }).click();
      await bobPage
        .getByRole('region', { name: 'Invitations' })
        .getByRole('button', { name: 'Accept the invitation to Spanish' })
        .click();
      await expect(
        bobPage.getByRole('status').filter({ hasText: 'You joined Spanish' }),
      ).toBeVisible();
      await bobPage.goto('/app/organize');
      const spanish = bobPage
        .getByRole('tree', { name: 'Categories' })
        // Its count holds its sub-categories' cards: the ten in Fruit.
        .getByRole('treeitem', {
          name: `Spanish, Shared, Viewer · from ${ana.username}, 10 cards (0 here)`,
        });
      await expect(spanish).toBeVisible();
      // A viewer manages nothing in the tree, nothing selected or once Spanish is.
      await spanish.focus();
      for (const action of ['Rename', 'Move to…', 'Delete']) {
        await expect(bobPage.getByRole('button', { name: action, exact: true })).toBeDisabled();
      }
      // The sub-categories come with the membership: open Fruit from the member view.
      await bobPage.keyboard.press('Enter');
      await expect(bobPage.getByRole('heading', { level: 2, name: 'Spanish' })).toBeVisible();
      await expect(bobPage.getByText('Selected:')).toHaveText('Selected: Spanish');
      for (const action of ['Rename', 'Move to…', 'Delete']) {
        await expect(bobPage.getByRole('button', { name: action, exact: true })).toBeDisabled();
      }
      await expect(bobPage.getByRole('heading', { level: 3, name: 'About' })).toBeVisible();
      await expect(bobPage.getByRole('form', { name: 'Category settings' })).toHaveCount(0);
      await expect(bobPage.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
      await expect(bobPage.getByRole('button', { name: 'Leave this category' })).toBeVisible();
      await bobPage.getByRole('link', { name: 'Food' }).click();
      await bobPage.getByRole('link', { name: 'Fruit' }).click();
      await expect(bobPage.getByRole('heading', { level: 2, name: 'Fruit' })).toBeVisible();
      const cards = bobPage.getByRole('list', { name: 'Cards' }).getByRole('link');
      await expect(cards).toHaveCount(10);
      // A card opens read-only: no edit, no delete.
      await cards.filter({ hasText: 'manzana' }).click();
      await expect(bobPage.getByRole('heading', { level: 1, name: 'manzana' })).toBeVisible();
      await expect(bobPage.getByText('apple', { exact: true })).toBeVisible();
      await expect(bobPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(bobPage.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      // The shared cards stay Ana's: Bob's own deck is empty.
      expect(await countCards(bobPage)).toBe(0);
    } finally {
      await context.close();
    }
  });

  await test.step('import 5,000 rows: one bad row refuses the file, naming its line', async () => {
    const file = testInfo.outputPath('cards-with-a-bad-row.csv');
    fs.writeFileSync(file, importCsv(true));
    await page.goto('/app/browse');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cards' });
    await dialog.getByLabel('File').setInputFiles(file);
    await expect(dialog.getByText(`(${importRows.toLocaleString('en')} rows`)).toBeVisible();
    await expect(dialog.getByLabel('Front')).toHaveValue('front');
    await expect(dialog.getByLabel('Answers')).toHaveValue('answers');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const report = dialog.getByRole('list', { name: 'Bad rows' });
    await expect(dialog.getByRole('heading', { name: /nothing was imported/ })).toHaveText(
      '1 problem in 1 row: nothing was imported.',
    );
    await expect(report.getByRole('listitem')).toHaveCount(1);
    await expect(report.getByRole('listitem')).toContainText(`Line ${badLine}`);
    await expect(report.getByRole('listitem')).toContainText('Answers');
    expect(await countCards(page)).toBe(20);
  });

  await test.step('the fixed file imports all 5,000 cards', async () => {
    const file = testInfo.outputPath('cards.csv');
    fs.writeFileSync(file, importCsv(false));
    const dialog = page.getByRole('dialog', { name: 'Import cards' });
    await dialog.getByLabel('File').setInputFiles(file);
    await expect(dialog.getByRole('list', { name: 'Bad rows' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    // Finished, the dialog closes itself; the toast says what was done.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(successToast(page, '5,000 cards imported, 1 category created.')).toBeVisible();
    expect(await countCards(page)).toBe(20 + importRows);

    await page.goto('/app/organize');
    const bulk = page
      .getByRole('tree', { name: 'Categories' })
      .getByRole('treeitem', { name: /^Bulk import,/ });
    await expect(bulk).toHaveAccessibleName('Bulk import, 5,000 cards');
    await bulk.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bulk import' })).toBeVisible();
    await expect(page.getByText('5,000 cards', { exact: true })).toBeVisible();
  });
});
