import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';
import { answerByKeyboard, apiAs, queueCardIds } from './study';

/**
 * Explore (issue 15): learner A publishes a deck from organize, with the preview of what strangers
 * see; learner B finds it in explore by language, previews it, tries a card, joins it, studies one
 * card, copies it and edits the copy, which stays theirs. Then explore and the deck's views in both
 * themes at phone and desktop width: screenshots in e2e/screenshots/explore-*.png.
 */

const password = 'quiet harbour lantern';
const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const widths = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ['light', 'dark'] as const;

const words: readonly (readonly [string, string])[] = [
  ['el perro', 'the dog'],
  ['el gato', 'the cat'],
  ['la vaca', 'the cow'],
  ['el caballo', 'the horse'],
  ['el conejo', 'the rabbit'],
];

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

interface Journey {
  deckId: string;
  deckName: string;
  a: StorageState;
  b: StorageState;
}
let journey: Journey | undefined;

async function signUp(request: APIRequestContext, prefix: string) {
  const learner = newLearner(prefix);
  const created = await request.post('/api/user/create', {
    data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return learner;
}

const successToast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast-success').filter({ hasText: text });

test.describe.configure({ mode: 'serial' });

test('A publishes a deck; B finds it by language, previews, joins, studies, copies and edits the copy', async ({
  browser,
  request,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const a = await signUp(request, 'teacher');
  const b = await signUp(request, 'student');
  const deckName = `Animales ${a.username.slice(-5)}`;
  const aSide = await browser.newContext({ baseURL });
  const bSide = await browser.newContext({ baseURL });
  try {
    const aPage = await aSide.newPage();
    await signIn(aPage, a.username, password);
    const aApi = await apiAs(aPage, request);
    const deckId = String(
      (
        await aApi.post('/api/categories', {
          name: deckName,
          description: 'Farm and house animals, with their articles.',
          fromLanguageCode: 'es',
          toLanguageCode: 'en',
        })
      )['id'],
    );
    const birds = String(
      (
        await aApi.post('/api/categories', {
          name: 'Pájaros',
          parentId: deckId,
          visibility: 'shared',
        })
      )['id'],
    );
    const drafts = String(
      (await aApi.post('/api/categories', { name: 'Borradores', parentId: deckId }))['id'],
    );
    const deckCards: string[] = [];
    for (const [front, answer] of [...words, ['el pájaro', 'the bird'] as const]) {
      const card = await aApi.post('/api/cards', {
        front,
        answers: [answer],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId: front === 'el pájaro' ? birds : deckId,
      });
      deckCards.push(String(card['id']));
    }
    await aApi.post('/api/cards', {
      front: 'el borrador',
      answers: ['the draft'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: drafts,
    });

    await test.step('A publishes the deck from its settings, after previewing what strangers see', async () => {
      await aPage.goto(`/app/organize/${deckId}`);
      const inExplore = aPage.getByRole('region', { name: 'In Explore' });
      await expect(inExplore.getByText(/^Not published\./)).toBeVisible();
      await inExplore.getByRole('button', { name: 'Preview what strangers see' }).click();
      await expect(inExplore.getByText('el perro')).toBeVisible();
      await expect(inExplore.getByText('Pájaros')).toBeVisible();
      // A private sub-category, and its cards, stay hidden.
      await expect(inExplore.getByText('el borrador')).toHaveCount(0);
      await expect(inExplore.getByText('Borradores')).toHaveCount(0);
      const settings = aPage.getByRole('form', { name: 'Category settings' });
      await settings.getByRole('radio', { name: /^Public/ }).check();
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(successToast(aPage, 'The category settings were saved.')).toBeVisible();
      await expect(inExplore.getByText(/^Published: listed in Explore/)).toBeVisible();
      await expect(inExplore.getByText(/0 learners joined/)).toBeVisible();
    });

    const bPage = await bSide.newPage();
    await signIn(bPage, b.username, password);
    const bApi = await apiAs(bPage, request);

    await test.step('B finds it in explore by their language pair, and not in another', async () => {
      await bPage.getByRole('link', { name: 'Explore' }).first().click();
      await expect(bPage.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
      await expect(bPage.getByLabel('Cards in')).toHaveValue('es');
      await expect(bPage.getByLabel('Answers in')).toHaveValue('en');
      // Typed key by key, as a learner does: the box keeps every letter while the URL follows.
      const box = bPage.getByRole('searchbox', { name: 'Search' });
      await box.pressSequentially(deckName);
      await expect(box).toHaveValue(deckName);
      await expect(bPage).toHaveURL(/[?&]q=/);
      const card = bPage.getByRole('article', { name: deckName });
      await expect(card).toBeVisible();
      await expect(card.getByText('6 cards')).toBeVisible();
      await expect(card.getByText(`by ${a.username}`)).toBeVisible();
      await bPage.getByLabel('Cards in').selectOption('fr');
      await expect(
        bPage.getByRole('heading', { name: 'No deck matches this search' }),
      ).toBeVisible();
      await bPage.getByLabel('Cards in').selectOption('es');
      await expect(card).toBeVisible();
    });

    await test.step('B previews it and tries a card, which saves nothing', async () => {
      await bPage
        .getByRole('article', { name: deckName })
        .getByRole('button', { name: 'Preview' })
        .click();
      const dialog = bPage.getByRole('dialog', { name: deckName });
      await expect(dialog.getByText('Farm and house animals, with their articles.')).toBeVisible();
      await expect(dialog.getByText('Pájaros')).toBeVisible();
      await expect(dialog.getByText('el borrador')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Try 5 cards' }).click();
      const field = dialog.getByRole('textbox', { name: 'Your answer in English' });
      await expect(field).toBeFocused();
      await bPage.keyboard.type('the dog');
      await bPage.keyboard.press('Enter');
      await expect(dialog.getByRole('status').filter({ hasText: 'Right' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Next card' })).toBeFocused();
      expect(await queueCardIds(bApi)).toEqual([]);
      const history = (await bApi.get('/api/user/export')) as { reviews: unknown[] };
      expect(history.reviews).toEqual([]);
    });

    await test.step('B joins it: its readable cards enter their queue', async () => {
      const dialog = bPage.getByRole('dialog', { name: deckName });
      await dialog.getByRole('button', { name: 'Join' }).click();
      await expect(successToast(bPage, `You joined “${deckName}”`)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Leave' })).toBeVisible();
      expect((await queueCardIds(bApi)).sort()).toEqual([...deckCards].sort());
    });

    await test.step('B studies one card of the deck', async () => {
      await bPage.keyboard.press('Escape');
      await bPage.goto('/app/study');
      await expect(bPage.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
      const front = await bPage
        .getByRole('region', { name: 'Card' })
        .locator('p[lang="es"]')
        .textContent();
      const answer = [...words, ['el pájaro', 'the bird']].find(([word]) => word === front)?.[1];
      await answerByKeyboard(bPage, answer ?? 'the dog');
      await expect(
        bPage.getByRole('region', { name: 'Result' }).getByText('Exactly right — score 100%'),
      ).toBeVisible();
    });

    await test.step('B copies it, opens the copy and edits it', async () => {
      await bPage.goto(`/app/explore?deck=${deckId}`);
      const dialog = bPage.getByRole('dialog', { name: deckName });
      await dialog.getByRole('button', { name: 'Copy to my categories' }).click();
      const open = dialog.getByRole('link', { name: 'Open the copy' });
      await expect(open).toBeVisible();
      await expect(successToast(bPage, /was copied into your categories/)).toBeVisible();
      await open.click();
      await expect(bPage.getByRole('heading', { level: 2, name: deckName })).toBeVisible();
      await expect(bPage.getByText(/^Copied from/)).toContainText(`by ${a.username}`);
      const settings = bPage.getByRole('form', { name: 'Category settings' });
      await settings.getByLabel('Name').fill('Mis animales');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(successToast(bPage, 'The category settings were saved.')).toBeVisible();
      await expect(bPage.getByRole('heading', { level: 2, name: 'Mis animales' })).toBeVisible();
      await bPage
        .getByRole('list', { name: 'Cards' })
        .getByRole('link', { name: 'el perro' })
        .click();
      await bPage.getByRole('button', { name: 'Edit' }).click();
      const editor = bPage.getByRole('form', { name: 'Edit card' });
      await editor.getByLabel('Front').fill('el perro grande');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await expect(successToast(bPage, 'Card saved.')).toBeVisible();
      await expect(bPage.getByRole('heading', { level: 1, name: 'el perro grande' })).toBeVisible();
    });

    await test.step('the deck stays A’s as it was, and A sees one learner, never who', async () => {
      const preview = (await aApi.get(`/api/explore/decks/${deckId}`)) as {
        deck: { name: string; learnerCount: number };
        cards: { front: string }[];
      };
      expect(preview.deck.name).toBe(deckName);
      expect(preview.deck.learnerCount).toBe(1);
      expect(preview.cards.map((card) => card.front)).toContain('el perro');
      expect(preview.cards.map((card) => card.front)).not.toContain('el perro grande');
      await aPage.reload();
      await expect(aPage.getByText('1 learner joined', { exact: true })).toBeVisible();
      await expect(aPage.getByText(b.username)).toHaveCount(0);
    });

    journey = { deckId, deckName, a: await aSide.storageState(), b: await bSide.storageState() };
  } finally {
    await Promise.all([aSide.close(), bSide.close()]);
  }
});

async function check(page: Page, name: string, widthName: string) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // From the top, as the page first shows: a full-page shot of a scrolled page repeats the
  // header where the view was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}explore-${name}.png`, fullPage: true });
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
      test(`explore and a deck's views, ${theme} theme at ${widthName} width`, async ({
        browser,
      }, testInfo) => {
        if (!journey) throw new Error('The journey did not run');
        fs.mkdirSync(screenshotDir, { recursive: true });
        const { deckId, deckName } = journey;
        const errors: string[] = [];
        const open = async (state: StorageState) => {
          const context = await browser.newContext({
            baseURL: testInfo.project.use.baseURL,
            viewport,
            colorScheme: theme,
            storageState: state,
          });
          await context.addInitScript((isDark) => {
            localStorage.setItem('isDark', String(isDark));
          }, theme === 'dark');
          const page = await context.newPage();
          page.on('console', (message) => {
            if (message.type() === 'error') errors.push(message.text());
          });
          page.on('pageerror', (error) => errors.push(error.message));
          return { context, page };
        };
        const b = await open(journey.b);
        try {
          const { page } = b;
          await page.goto('/app/explore');
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.getByRole('article', { name: deckName })).toBeVisible();
          await check(page, `list-${theme}-${widthName}`, widthName);
          await page
            .getByRole('article', { name: deckName })
            .getByRole('button', { name: 'Preview' })
            .click();
          const dialog = page.getByRole('dialog', { name: deckName });
          await expect(dialog.getByText('el perro', { exact: true })).toBeVisible();
          await check(page, `preview-${theme}-${widthName}`, widthName);
          await dialog.getByRole('button', { name: 'Try 5 cards' }).click();
          await page.keyboard.type('the cat');
          await page.keyboard.press('Enter');
          await expect(dialog.getByRole('status').filter({ hasText: /right|Close/ })).toBeVisible();
          await check(page, `try-${theme}-${widthName}`, widthName);
          await page.keyboard.press('Escape');
          await page.goto(`/app/organize/${deckId}`);
          await expect(page.getByText(/^Joined · from/)).toBeVisible();
          await check(page, `joined-deck-${theme}-${widthName}`, widthName);
        } finally {
          await b.context.close();
        }
        const a = await open(journey.a);
        try {
          const { page } = a;
          await page.goto(`/app/organize/${deckId}`);
          const inExplore = page.getByRole('region', { name: 'In Explore' });
          await inExplore.getByRole('button', { name: 'Preview what strangers see' }).click();
          await expect(inExplore.getByText('el perro', { exact: true })).toBeVisible();
          await check(page, `owner-${theme}-${widthName}`, widthName);
        } finally {
          await a.context.close();
        }
        expect(errors, 'console errors').toEqual([]);
      });
    }
  }
});
