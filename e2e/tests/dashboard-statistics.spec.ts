import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * The dashboard's statistics after a few answers: the heatmap and streak, true retention, time
 * spent, cards per category and the best combos, loaded after the page (their own chunk) without
 * moving what is above them; in both themes at phone and desktop width (screenshots in
 * e2e/screenshots/).
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const widths = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ['light', 'dark'] as const;
const password = 'lantern meadow quartz';

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

async function bearer(request: APIRequestContext, login: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status()).toBe(200);
  const { payload } = (await res.json()) as { payload: { access: string } };
  return `Bearer ${Buffer.from(payload.access).toString('base64')}`;
}

let learner: StorageState | undefined;
let firstCard = '';

test.beforeAll(async ({ browser }, testInfo) => {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const { username, email } = newLearner('stats');
    const created = await context.request.post('/api/user/create', {
      data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const auth = { authorization: await bearer(context.request, username) };
    const category = await context.request.post('/api/categories', {
      headers: auth,
      data: { name: 'Kitchen' },
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as { payload: { id: string } }).payload.id;
    const ids: string[] = [];
    for (const [front, answer] of [
      ['la mesa', 'the table'],
      ['la silla', 'the chair'],
      ['el vaso', 'the glass'],
      ['la olla', 'the pot'],
    ]) {
      const res = await context.request.post('/api/cards', {
        headers: auth,
        data: {
          front,
          answers: [answer],
          fromLanguageCode: 'es',
          toLanguageCode: 'en',
          categoryId,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      ids.push(((await res.json()) as { payload: { id: string } }).payload.id);
    }
    // The first card twice: its page charts its history.
    const guesses = ['the table', 'the chair', 'el vaso', 'the table'];
    for (const [index, guess] of guesses.entries()) {
      const res = await context.request.post('/api/study/reviews', {
        headers: auth,
        data: {
          cardId: ids[index % 3],
          guess,
          clientReviewId: `e2e-stats-${index}-${Date.now()}`,
          elapsedMs: 4000,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await context.newPage();
    await signIn(page, username, password);
    learner = await context.storageState();
    firstCard = ids[0] ?? '';
  } finally {
    await context.close();
  }
});

test.use({ trace: 'off' });

/**
 * Scrolls down as a learner does, a wheel notch at a time with a frame between, until `region`
 * is in the upper half of the screen: a panel is drawn as it comes near (decision 0031, ninth
 * pass), before it is on screen, so drawing it moves nothing in view.
 */
async function scrollTowards(page: Page, region: Locator): Promise<void> {
  // The wheel over the page's middle (the pointer in a corner would show the skip link).
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width / 2, viewport.height / 2);
  for (let step = 0; step < 80; step += 1) {
    const box = await region.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    if (box && box.y < height / 2) return;
    await page.mouse.wheel(0, 100);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
}

for (const theme of themes) {
  for (const [widthName, viewport] of Object.entries(widths)) {
    test(`statistics after a few answers, ${theme} theme at ${widthName} width`, async ({
      browser,
    }, testInfo) => {
      if (!learner) throw new Error('The learner was not created');
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport,
        colorScheme: theme,
        storageState: learner,
      });
      await context.addInitScript((isDark) => {
        localStorage.setItem('isDark', String(isDark));
        // Every layout shift, with what moved, for the check below.
        const log: { value: number; moved: string[] }[] = [];
        (window as unknown as { shifts: typeof log }).shifts = log;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          }[]) {
            if (entry.hadRecentInput) continue;
            log.push({
              value: entry.value,
              moved: entry.sources.map((source) =>
                source.node instanceof Element
                  ? `${source.node.tagName} ${source.node.className}`
                  : String(source.node?.nodeName),
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      }, theme === 'dark');
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      try {
        await page.goto('/app/dashboard');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // The page's own figures first (their layout is another part's): from then on, the
        // statistics arriving must move nothing.
        await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
        await page.evaluate(() => {
          (window as unknown as { shifts: unknown[] }).shifts.length = 0;
        });
        // A panel is drawn as it comes near the screen (decision 0031, ninth pass): on a phone,
        // the last one waits, its place kept, until the learner scrolls towards it.
        const combos = page.getByRole('region', { name: 'Best combos' });
        if (widthName === 'phone') {
          await expect(combos.getByRole('status', { name: 'Loading: Best combos' })).toBeAttached();
          await expect(combos.getByRole('listitem')).toHaveCount(0);
        }
        const activity = page.getByRole('region', { name: 'Activity' });
        await scrollTowards(page, activity);
        await expect(
          activity.getByRole('img', { name: '4 answers on 1 of the last 365 days.' }),
        ).toBeVisible();
        await expect(activity.getByText('Streak', { exact: true }).locator('..')).toHaveText(
          'Streak1 day',
        );
        await expect(activity.getByText('Best streak').locator('..')).toHaveText(
          'Best streak1 day',
        );
        await expect(
          page.getByRole('table', { name: 'Answers per month over the last year' }),
        ).toBeAttached();

        // New cards are not due cards: no retention yet, every period shows a dash.
        const retention = page.getByRole('region', { name: 'True retention' });
        await scrollTowards(page, retention);
        await expect(retention.getByRole('row', { name: /^Today/ })).toHaveText('Today–––');
        await retention.getByRole('button', { name: 'Days' }).click();
        await expect(retention.getByRole('button', { name: 'Days' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(page.getByRole('table', { name: 'True retention per day' })).toBeAttached();
        await expect(retention.locator('canvas')).toHaveCount(1);

        const time = page.getByRole('region', { name: 'Time spent' });
        await scrollTowards(page, time);
        // Three answers of 4 s: 12 s, shown in whole minutes.
        await expect(time.getByRole('table', { name: /last 30 days/ })).toBeAttached();
        await expect(time.locator('canvas')).toHaveCount(1);

        const categories = page.getByRole('region', { name: 'Cards per category' });
        await scrollTowards(page, categories);
        // Two right, one wrong (still learning), one never studied.
        await expect(categories.getByRole('row', { name: /^Kitchen/ })).toHaveText(
          /^Kitchen\s*031$/,
        );

        await scrollTowards(page, combos);
        await expect(combos.getByRole('listitem')).toHaveText([/^2 in a row on /]);

        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({
          path: `${screenshotDir}dashboard-statistics-${theme}-${widthName}.png`,
          fullPage: true,
        });
        if (widthName === 'phone') {
          // The panels one by one, at their real size, to look at.
          for (const name of ['Activity', 'True retention', 'Time spent', 'Cards per category']) {
            await page.getByRole('region', { name }).screenshot({
              path: `${screenshotDir}dashboard-statistics-${theme}-phone-${name.toLowerCase().replaceAll(' ', '-')}.png`,
            });
          }
        }
        // The statistics took the place kept for them: the page did not move as they came.
        const shifts = await page.evaluate(
          () => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts,
        );
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `layout shift ${JSON.stringify(shifts)}`).toBeLessThan(0.01);
        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(overflow.scrollWidth, 'horizontal scroll').toBeLessThanOrEqual(overflow.innerWidth);
        // The statistics and uPlot came in chunks of their own, after the page's.
        expect(scripts.some((path) => /statistics-section/.test(path))).toBe(true);

        // The card page charts the card's answers (two of them), beside its history's list.
        await page.goto(`/app/card/${firstCard}`);
        const history = page.getByRole('region', { name: 'History' });
        await expect(history.getByText(/^The score of each of these 2 answers/)).toBeVisible();
        // A chart is drawn when it comes near the screen (decision 0031, fourth pass).
        await history.scrollIntoViewIfNeeded();
        await expect(history.locator('canvas')).toHaveCount(1);
        await history.screenshot({
          path: `${screenshotDir}card-history-chart-${theme}-${widthName}.png`,
        });
      } finally {
        await context.close();
      }
      expect(errors, 'console errors').toEqual([]);
    });
  }
}
