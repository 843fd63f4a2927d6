import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';
import { answerByKeyboard, apiAs, queueCardIds, type Api } from './study';

/**
 * Issue 16, item 5 (docs/decisions/0027-reverse-direction.md): the learner turns the reverse
 * direction on for a card in its edit dialog, studies it both ways, and sees each direction's
 * schedule and history on the card page. The two directions of one card are never asked on the
 * same learner day (siblings buried, as Anki does), and the server's clock cannot be moved here:
 * the forward answer is the one given "yesterday" (sent with its time, as the outbox sends an
 * answer given offline), and the reverse one is given today in the study screen, beside another
 * card's forward one. Screens of both themes at 390 px are saved as
 * e2e/screenshots/study-reverse-<screen>-<theme>-phone.png.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'walnut orbit lantern';
const phone = { width: 390, height: 844 };

async function learner(page: Page, request: APIRequestContext): Promise<Api> {
  const { username, email } = newLearner('reverse');
  const created = await request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, username, password);
  return apiAs(page, request);
}

const newCard = async (api: Api, front: string, answer: string) =>
  String(
    (
      await api.post('/api/cards', {
        front,
        answers: [answer],
        notes: `Example: ${front}.`,
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
      })
    )['id'],
  );

/** Turns the reverse direction on in the card's edit dialog; `shot` sees the dialog open. */
async function askBothWays(
  page: Page,
  cardId: string,
  shot: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto(`/app/card/${cardId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit card' });
  const choice = form.getByLabel('Also ask in reverse');
  await expect(choice).toHaveValue('inherit');
  await expect(
    form.getByText('Without a category it is asked front → answers only.'),
  ).toBeVisible();
  await choice.focus();
  await choice.selectOption('on');
  await expect(form.getByText(/Shown the answers, you type the front/)).toBeVisible();
  await choice.scrollIntoViewIfNeeded();
  await shot('card-dialog');
  await form.getByRole('button', { name: 'Save changes' }).click();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Both ways (its own choice: both ways)');
}

/** The card's forward answer, given a day ago (as an answer kept offline is sent with its time). */
async function answeredYesterday(api: Api, cardId: string): Promise<void> {
  const result = await api.post('/api/study/reviews', {
    cardId,
    guess: 'the tree',
    clientReviewId: `yesterday-${Date.now().toString(36)}`,
    elapsedMs: 2000,
    answeredAt: new Date(Date.now() - 25 * 3_600_000).toISOString(),
  });
  expect(result).toMatchObject({ direction: 'forward', success: true });
}

for (const theme of ['light', 'dark'] as const) {
  test(`a card asked both ways: the dialog, the study screen, the card page (${theme}, 390 px)`, async ({
    browser,
    baseURL,
    request,
  }) => {
    fs.mkdirSync(screenshotDir, { recursive: true });
    const context = await browser.newContext({ baseURL, viewport: phone, colorScheme: theme });
    await context.addInitScript((isDark) => {
      localStorage.setItem('isDark', String(isDark));
    }, theme === 'dark');
    const page = await context.newPage();
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${name}: horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}study-reverse-${name}-${theme}-phone.png` });
    };
    try {
      const api = await learner(page, request);
      const arbol = await newCard(api, 'el árbol', 'the tree');
      const casa = await newCard(api, 'la casa', 'the house');

      await askBothWays(page, arbol, shot);
      await answeredYesterday(api, arbol);
      // Today: the reverse way of the card studied yesterday, then the other card forward.
      expect(await queueCardIds(api)).toEqual([arbol, casa]);

      await page.goto('/app/study');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const card = page.getByRole('region', { name: 'Card' });
      const direction = card.getByTestId('study-direction');
      await expect(direction).toContainText('English → Spanish');
      await expect(direction).toContainText('Reverse');
      await expect(direction.getByText('Reverse: asked from English to Spanish')).toBeAttached();
      await expect(card.locator('p[lang="en"]', { hasText: 'the tree' })).toBeVisible();
      // The notes hold the term: they wait for the answer.
      await expect(card.getByText('Example: el árbol.')).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: /^Your answer in Español/ })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot('reverse-prompt');
      await answerByKeyboard(page, 'árbol');
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.getByText(/score \d+%/)).toBeVisible();
      await expect(result).toContainText('árbol');
      await expect(card.getByText('Example: el árbol.')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await shot('reverse-result');

      await page.keyboard.press('Enter');
      await expect(direction).toContainText('Spanish → English');
      await expect(direction).not.toContainText('Reverse');
      await expect(card.locator('p[lang="es"]', { hasText: 'la casa' })).toBeVisible();
      await answerByKeyboard(page, 'the house');
      await expect(result.getByText(/score 100%/)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
      // Answered one way today, the card waits for tomorrow the other way.
      expect(await queueCardIds(api)).toEqual([]);

      await page.goto(`/app/card/${arbol}`);
      const schedules = page.getByRole('region', { name: 'Schedules' });
      const forward = schedules.getByRole('region', { name: /^Spanish → English/ });
      const reverse = schedules.getByRole('region', { name: /^English → Spanish/ });
      await expect(forward.getByText('Next review')).toBeVisible();
      await expect(reverse.getByText('Next review')).toBeVisible();
      await expect(reverse).toContainText('reverse: shown the answers, you type the front');
      const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
      await expect(history).toHaveCount(2);
      await expect(history.nth(0)).toContainText('English → Spanish');
      await expect(history.nth(0)).toContainText('árbol');
      await expect(history.nth(1)).toContainText('Spanish → English');
      await expect(history.nth(1)).toContainText('the tree');
      await reverse.scrollIntoViewIfNeeded();
      await shot('card-schedules');
    } finally {
      await context.close();
    }
  });
}
