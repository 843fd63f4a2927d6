import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * The card screens (browse, the organize tree, a category, a card, quick add, the import report)
 * in both themes at phone and desktop width, on a deck with long names, many answers and
 * right-to-left text: a full-page screenshot in e2e/screenshots/cards-<screen>-<theme>-<width>.png
 * for people to look at, and the checks of screens.spec.ts (no console error, no horizontal
 * scroll at phone width, every control named, one h1).
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

const widths = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ['light', 'dark'] as const;

interface Deck {
  categoryId: string;
  cardId: string;
}

interface Screen {
  name: string;
  path: (deck: Deck) => string;
  heading: string | RegExp;
  /** A dialog is open: the screenshot shows the screen as seen, not the whole page behind. */
  dialog?: boolean;
  /** Waits for the screen's data, and opens what the screenshot shows (a dialog). */
  ready: (page: Page) => Promise<void>;
}

const longFront = 'el ferrocarril transandino que cruza la cordillera de los Andes';
const importWithBadRows = [
  'front,answers,notes',
  'la estación,the station,',
  ',the platform,',
  'el andén,,',
  'la taquilla,the ticket office,',
  `el billete,${'ticket '.repeat(80).trim()},`,
].join('\n');

const screens: Screen[] = [
  {
    name: 'browse',
    path: () => '/app/browse',
    heading: 'Browse',
    ready: async (page) => {
      await expect(page.getByRole('grid', { name: 'Cards' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /cards?$/ })).toHaveText(/cards/);
    },
  },
  {
    name: 'organize',
    path: () => '/app/organize',
    heading: 'Organize',
    ready: async (page) => {
      const tree = page.getByRole('tree', { name: 'Categories' });
      await expect(tree.getByRole('treeitem').first()).toBeVisible();
    },
  },
  {
    name: 'category',
    path: (deck) => `/app/organize/${deck.categoryId}`,
    heading: 'Organize',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Fruit' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Cards' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
    },
  },
  {
    name: 'card',
    path: (deck) => `/app/card/${deck.cardId}`,
    heading: longFront,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
      await expect(page.getByText('Fruit', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'quick-add',
    path: () => '/app/browse',
    heading: 'Browse',
    dialog: true,
    ready: async (page) => {
      await expect(page.getByRole('grid', { name: 'Cards' })).toBeVisible();
      await page.keyboard.press('n');
      const dialog = page.getByRole('dialog', { name: 'New card' });
      await expect(dialog.getByLabel('Front', { exact: true })).toBeFocused();
      await page.keyboard.type('la mermelada de naranja amarga');
      await dialog.getByLabel('Answers', { exact: true }).fill('bitter orange marmalade');
    },
  },
  {
    name: 'import-report',
    path: () => '/app/browse',
    heading: 'Browse',
    dialog: true,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import cards' });
      await dialog.getByLabel('File').setInputFiles({
        name: 'a-file-with-a-rather-long-name-from-a-spreadsheet-export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(importWithBadRows),
      });
      await dialog.getByRole('button', { name: 'Check' }).click();
      await expect(
        dialog.getByRole('list', { name: 'Bad rows' }).getByRole('listitem'),
      ).toHaveCount(3);
    },
  },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let signedInState: StorageState | undefined;
let deck: Deck | undefined;

async function call(
  request: APIRequestContext,
  access: string,
  method: 'POST' | 'PATCH',
  url: string,
  data: unknown,
): Promise<Record<string, unknown>> {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${Buffer.from(access).toString('base64')}` },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { payload: Record<string, unknown> }).payload;
}

/** A learner with a shared tree (Spanish › Food › Fruit), a member, and cards of every shape. */
async function seedDeck(browser: Browser, baseURL: string | undefined): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const password = 'saffron pelican harbour';
    const owner = newLearner('cardshots');
    const member = newLearner('cardmate');
    for (const learner of [owner, member]) {
      const created = await context.request.post('/api/user/create', {
        data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    const login = await context.request.post('/api/auth/login', {
      data: { login: owner.username, password },
    });
    const { access } = ((await login.json()) as { payload: { access: string } }).payload;
    const post = (url: string, data: unknown) => call(context.request, access, 'POST', url, data);

    const spanish = String(
      (await post('/api/categories', { name: 'Spanish', visibility: 'shared' }))['id'],
    );
    const food = String((await post('/api/categories', { name: 'Food', parentId: spanish }))['id']);
    const fruit = String((await post('/api/categories', { name: 'Fruit', parentId: food }))['id']);
    await post('/api/categories', {
      name: 'Phrases for travelling by night train through the mountains of Patagonia',
      parentId: spanish,
    });
    await post('/api/categories', { name: 'Arabic', fromLanguageCode: 'ar' });
    const invitation = await post(`/api/categories/${fruit}/members`, {
      username: member.username,
      role: 'editor',
    });
    // The member joins by accepting the invitation.
    const memberLogin = await context.request.post('/api/auth/login', {
      data: { login: member.username, password },
    });
    const memberAccess = ((await memberLogin.json()) as { payload: { access: string } }).payload
      .access;
    await call(
      context.request,
      memberAccess,
      'POST',
      `/api/invitations/${String(invitation['id'])}/accept`,
      {},
    );

    const card = await post('/api/cards', {
      front: longFront,
      answers: [
        'the trans-Andean railway that crosses the Andes mountain range',
        'the Transandine railway',
        'the Andes railway',
      ],
      notes: 'Opened in 1910 between Mendoza and Santa Rosa de los Andes; closed in 1984.',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: fruit,
    });
    const words = [
      ['la manzana', 'the apple'],
      ['la naranja', 'the orange'],
      ['el plátano', 'the banana; the plantain'],
      ['la fresa', 'the strawberry'],
      ['la uva', 'the grape'],
      ['la pera', 'the pear'],
      ['la cereza', 'the cherry'],
      ['el limón', 'the lemon'],
    ] as const;
    for (const [front, answers] of words) {
      await post('/api/cards', {
        front,
        answers: answers.split('; '),
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId: fruit,
      });
    }
    await post('/api/cards', {
      front: 'مرحبا بالعالم',
      answers: ['hello world'],
      fromLanguageCode: 'ar',
      toLanguageCode: 'en',
    });
    await post('/api/cards', {
      front: 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen',
      answers: ['the badge on the cap of a Danube steamship company captain'],
      fromLanguageCode: 'de',
      toLanguageCode: 'en',
    });
    deck = { categoryId: fruit, cardId: String(card['id']) };

    const page = await context.newPage();
    await signIn(page, owner.username, password);
    signedInState = await context.storageState();
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }, testInfo) => {
  await seedDeck(browser, testInfo.project.use.baseURL);
  fs.mkdirSync(screenshotDir, { recursive: true });
});

// The screenshots are the record; traces of 24 page loads would only slow the suite.
test.use({ trace: 'off' });

for (const theme of themes) {
  for (const [widthName, viewport] of Object.entries(widths)) {
    test.describe(`card screens, ${theme} theme at ${widthName} width`, () => {
      let context: BrowserContext | undefined;

      test.beforeAll(async ({ browser }, testInfo) => {
        context = await browser.newContext({
          baseURL: testInfo.project.use.baseURL,
          viewport,
          colorScheme: theme,
          storageState: signedInState,
        });
        // The saved theme wins over the system's; set it as a learner's toggle would have.
        await context.addInitScript((isDark) => {
          localStorage.setItem('isDark', String(isDark));
        }, theme === 'dark');
      });

      test.afterAll(async () => {
        await context?.close();
      });

      for (const screen of screens) {
        test(screen.name, async () => {
          if (!context || !deck) throw new Error('The deck or the context was not made');
          const page = await context.newPage();
          try {
            await checkScreen(page, screen, deck, theme, widthName);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
}

async function checkScreen(
  page: Page,
  screen: Screen,
  seeded: Deck,
  theme: string,
  widthName: string,
) {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The import check answers 400 on purpose; the browser logs every failed request.
    if (message.type() === 'error' && !/status of 400/.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(screen.path(seeded));
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(screen.heading);
  await screen.ready(page);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  await page.screenshot({
    path: `${screenshotDir}cards-${screen.name}-${theme}-${widthName}.png`,
    fullPage: !screen.dialog,
  });

  if (widthName === 'phone') {
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(
      overflow.scrollWidth,
      `horizontal scroll: ${overflow.scrollWidth}px wide in ${overflow.innerWidth}px`,
    ).toBeLessThanOrEqual(overflow.innerWidth);
    // Nothing inside an open dialog sticks out of the screen either.
    const dialogOverflow = await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog) return null;
      const box = dialog.getBoundingClientRect();
      return { left: box.left, right: box.right, width: window.innerWidth };
    });
    if (dialogOverflow) {
      expect(dialogOverflow.left).toBeGreaterThanOrEqual(0);
      expect(dialogOverflow.right).toBeLessThanOrEqual(dialogOverflow.width);
    }
  }

  // Every form control has an accessible name (see screens.spec.ts).
  const tree = await page.locator('body').ariaSnapshot();
  const controlRoles = 'textbox|searchbox|spinbutton|combobox|listbox|switch|checkbox|radio|slider';
  const unnamed = tree
    .split('\n')
    .filter((line) => new RegExp(`^\\s*- (${controlRoles})(?=[ :]|$)`).test(line))
    .filter((line) => !new RegExp(`^\\s*- (${controlRoles}) "`).test(line));
  expect(unnamed, 'form controls without an accessible name').toEqual([]);

  expect(errors, 'console errors').toEqual([]);
}
