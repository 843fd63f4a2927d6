import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  buildPackage,
  day,
  sampleCollection,
} from '../../apps/server/src/modules/import-export/anki/anki-fixture.test-support';
import { newLearner, signIn } from './session';
import { answerByKeyboard, apiAs } from './study';

/**
 * An Anki package with a review history imported through the import dialog, then studied on; the
 * dialog in both themes and at phone width (e2e/screenshots/anki-import-*.png).
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'juniper walrus lantern';

/** The sample deck (Spanish, Spanish::Food, a cloze) with a month-old history, as a file. */
function packageFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-e2e-anki-'));
  const file = path.join(dir, 'spanish.apkg');
  const start = Date.now() - 30 * day;
  fs.writeFileSync(
    file,
    buildPackage(sampleCollection('v18', start), 'anki21b', { 'pan.jpg': new Uint8Array(8) }),
  );
  return file;
}

async function newSignedInLearner(page: Page, prefix: string) {
  const { username, email } = newLearner(prefix);
  const created = await page.request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, username, password);
}

/** Opens the import dialog on the browse page and chooses the package; waits for its analysis. */
async function choosePackage(page: Page, file: string) {
  await page.goto('/app/browse');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards' });
  await dialog.getByLabel('File').setInputFiles(file);
  await expect(dialog.getByRole('heading', { name: /Decks, as categories/ })).toBeVisible();
  return dialog;
}

test('a learner imports an Anki package with its history and studies on from it', async ({
  page,
  request,
}) => {
  await newSignedInLearner(page, 'anki');
  const file = packageFile();
  const dialog = await choosePackage(page, file);
  await expect(dialog.getByText('4 notes, 5 cards, 6 answers in the history')).toBeVisible();
  const basic = dialog.getByRole('group', { name: /^Basic/ });
  await expect(basic.getByRole('cell', { name: 'the house; home' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Import the review history/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/4 cards imported, 2 of them from clozes/)).toBeVisible();
  await expect(dialog.getByText(/5 answers of history/)).toBeVisible();
  await expect(dialog.getByText(/1 media file not imported/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The cards with a history go on where Anki left them: due (the last answer of "la casa" was 25
  // days ago), their answers behind them.
  const api = await apiAs(page, request);
  const queue = (await api.get('/api/study/queue')) as {
    items: { front: string; kind: string; progress: { reps: number } | null }[];
  };
  const casa = queue.items.find((item) => item.front === 'la casa');
  expect(casa).toMatchObject({ kind: 'due', progress: { reps: 4 } });
  // The first cloze has one answer (Hard) behind it; the two cards without history are new.
  expect(queue.items.find((item) => item.front.startsWith('[…]'))).toMatchObject({
    kind: 'due',
    progress: { reps: 1 },
  });
  expect(queue.items.filter((item) => item.kind === 'new')).toHaveLength(2);

  // Studying on: a due card comes first (the cloze, the longer overdue) and takes the next answer.
  await page.goto('/app/study');
  await expect(page.getByText('[…] is the capital of Spain', { exact: true })).toBeVisible();
  await answerByKeyboard(page, 'Madrid');
  const after = (await api.get('/api/study/queue')) as {
    items: { front: string; kind: string }[];
  };
  expect(after.items.filter((item) => item.kind === 'due').map((item) => item.front)).toEqual([
    'la casa',
  ]);

  // The same package again adds nothing: its cards are there (and were studied since).
  const again = await choosePackage(page, file);
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    again.getByText(/0 cards imported, 4 cards already imported left as they are/),
  ).toBeVisible();
  const cards = (await api.get('/api/cards')) as { items: unknown[] };
  expect(cards.items).toHaveLength(4);
});

const variants = [
  { name: 'light-desktop', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  { name: 'dark-desktop', colorScheme: 'dark', viewport: { width: 1280, height: 900 } },
  { name: 'light-phone', colorScheme: 'light', viewport: { width: 390, height: 844 } },
  { name: 'dark-phone', colorScheme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

async function themedPage(
  browser: Browser,
  baseURL: string | undefined,
  variant: (typeof variants)[number],
) {
  const context = await browser.newContext({
    baseURL,
    viewport: variant.viewport,
    colorScheme: variant.colorScheme,
  });
  await context.addInitScript((isDark) => {
    localStorage.setItem('isDark', String(isDark));
  }, variant.colorScheme === 'dark');
  return { context, page: await context.newPage() };
}

test.describe('the Anki import dialog', () => {
  for (const variant of variants) {
    test(`screenshots: ${variant.name}`, async ({ browser }, testInfo) => {
      const { context, page } = await themedPage(browser, testInfo.project.use.baseURL, variant);
      try {
        await newSignedInLearner(page, 'shots');
        const dialog = await choosePackage(page, packageFile());
        fs.mkdirSync(screenshotDir, { recursive: true });
        await dialog.screenshot({ path: `${screenshotDir}anki-import-${variant.name}.png` });
        // No horizontal scroll at phone width.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await dialog.getByRole('button', { name: 'Import', exact: true }).click();
        await expect(dialog.getByText(/cards imported/)).toBeVisible();
        await dialog.screenshot({ path: `${screenshotDir}anki-import-done-${variant.name}.png` });
      } finally {
        await context.close();
      }
    });
  }
});
