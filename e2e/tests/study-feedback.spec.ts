import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';
import { answerByKeyboard, answerField, apiAs } from './study';

/**
 * Issue 16, items 1, 6 and 7, by keyboard alone: a wrong answer shows the guess as typed beside
 * the expected answer ("twelve" for "eleven", not "televen"); `n` on the feedback does nothing
 * while study owns the keyboard, and `n` elsewhere opens the new-card dialog that Esc closes back
 * onto where the learner was; Speak says when there is no voice; the card page says the schedule
 * in a learner's words with the numbers in a disclosure. Then the same screens in both themes at
 * phone width, saved as e2e/screenshots/study-feedback-<screen>-<theme>-<width>.png.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'tangerine gecko quarry';

/** The cards, front → answer, and what the journey types for each. */
const cards = [
  { front: 'elf', answer: 'eleven', guess: 'twelve' },
  { front: 'der Baum', answer: 'the tree', guess: 'tree' },
  { front: 'der Apfel', answer: 'the apple', guess: 'the orange' },
] as const;

/** A new learner (German → English) with the three cards; answers their ids by front. */
async function learnerWithCards(page: Page, request: APIRequestContext) {
  const { username, email } = newLearner('feedback');
  const created = await request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: 'de', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, username, password);
  const api = await apiAs(page, request);
  const ids = new Map<string, string>();
  for (const card of cards) {
    const saved = await api.post('/api/cards', {
      front: card.front,
      answers: [card.answer],
      fromLanguageCode: 'de',
      toLanguageCode: 'en',
    });
    ids.set(card.front, String(saved['id']));
  }
  return ids;
}

/** The card being asked, from its front. */
async function askedCard(page: Page) {
  const front = await page
    .getByRole('region', { name: 'Card' })
    .locator('p[lang="de"]')
    .first()
    .textContent();
  const card = cards.find((item) => item.front === front);
  if (!card) throw new Error(`Unknown card ${front ?? ''}`);
  return card;
}

test('wrong-answer feedback, study keyboard and the card page, by keyboard', async ({
  page,
  request,
}) => {
  const ids = await learnerWithCards(page, request);
  fs.mkdirSync(screenshotDir, { recursive: true });

  await page.goto('/app/study');
  await expect(page.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
  for (let n = 1; n <= cards.length; n += 1) {
    await expect(answerField(page)).toBeFocused();
    const card = await askedCard(page);
    await answerByKeyboard(page, card.guess);
    const result = page.getByRole('region', { name: 'Result' });
    const next = page.getByRole('button', { name: n === cards.length ? 'Finish' : 'Next card' });
    await expect(next).toBeFocused();

    if (card.front === 'elf') {
      await test.step('item 1: "twelve" for "eleven" is drawn as typed, the answer beside it', async () => {
        await expect(result.getByText(/Not right — score 33%/)).toBeVisible();
        const typed = result.getByTestId('answer-typed');
        expect((await typed.textContent())?.replaceAll('‸', '')).toBe('twelve');
        await expect(result.getByTestId('answer-expected')).toHaveText('eleven');
        // Marks with a shape besides the colour, and the whole said to screen readers.
        await expect(typed.locator('[data-kind="wrong"]').first()).toHaveCSS(
          'text-decoration-style',
          'wavy',
        );
        await expect(result.getByText(/^You typed “twelve”; expected “eleven”\./)).toBeAttached();
        await page.screenshot({ path: `${screenshotDir}study-feedback-wrong-light-desktop.png` });
      });

      await test.step('item 6: n on the feedback opens nothing; Speak says there is no voice', async () => {
        await page.keyboard.press('n');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(next).toBeFocused();
        // Debian's Chromium has no speech voices: the button says so instead of doing nothing.
        const speak = page.getByRole('region', { name: 'Card' }).getByRole('button', {
          name: 'Speak',
        });
        await page.keyboard.press('Shift+Tab');
        await expect(speak).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(
          page.getByText(
            /^(No voice for German on this device\.|This browser cannot read aloud\.)$/,
          ),
        ).toBeVisible();
        await expect(speak).toBeDisabled();
        await expect(speak).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(next).toBeFocused();
      });
    }
    if (card.front === 'der Baum') {
      await test.step('item 2: a missing article is a small slip', async () => {
        await expect(result.getByText('Right, with a slip — score 90%')).toBeVisible();
      });
    }
    if (card.front === 'der Apfel') {
      await test.step('item 2: a shared article earns nothing', async () => {
        await expect(result.getByText(/Not right — score 17%/)).toBeVisible();
      });
    }
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('region', { name: 'Session complete' })).toBeVisible();

  await test.step('item 6: n outside study opens the dialog; Esc gives focus back where it was', async () => {
    const again = page.getByRole('button', { name: 'Study again' });
    await expect(again).toBeFocused();
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New card' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(again).toBeFocused();
    await expect(page.getByRole('button', { name: 'New card' })).not.toBeFocused();
  });

  await test.step('item 7: the card just missed reads in a learner’s words', async () => {
    await page.goto(`/app/card/${ids.get('elf') ?? ''}`);
    const schedule = page.getByRole('region', { name: 'Schedule' });
    const fact = (term: string) => schedule.locator('dt', { hasText: term }).locator('+ dd');
    // Version 2 (decision 0030): a miss on first sight starts the card at about two days.
    await expect(fact('Next review')).toContainText(/in \d+ days?|in \d+ hours?/);
    await expect(fact('How well you know it')).toContainText('Getting familiar');
    await expect(fact('Times forgotten')).toContainText('Never');
    await expect(schedule.getByText('Recall now')).toBeHidden();
    // The numbers for the curious, by keyboard: Tab to the disclosure and open it.
    const summary = schedule.getByText('The scheduler’s numbers');
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(fact('Recall now')).toBeVisible();
    await expect(fact('Elevation')).toContainText(/^-?\d+\.\d\d/);
    await schedule.screenshot({ path: `${screenshotDir}study-feedback-card-light-desktop.png` });
  });
});

const phone = { width: 390, height: 844 };

for (const theme of ['light', 'dark'] as const) {
  test(`the feedback and card screens at phone width, ${theme} theme`, async ({
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
    // Viewport shots (a full-page one draws the fixed header and skip link mid-page).
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${name}: horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${screenshotDir}study-feedback-${name}-${theme}-phone.png` });
    };
    try {
      const ids = await learnerWithCards(page, request);
      await page.goto('/app/study');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (let n = 1; n <= cards.length; n += 1) {
        const card = await askedCard(page);
        await answerByKeyboard(page, card.guess);
        const name = card.front === 'elf' ? 'wrong' : card.front === 'der Baum' ? 'slip' : 'shared';
        // The browser has had time to list its voices (none here): Speak says so.
        await expect(page.getByText(/voice|read aloud/)).toBeVisible();
        await page.getByRole('region', { name: 'Result' }).scrollIntoViewIfNeeded();
        await shot(name);
        await page.keyboard.press('Enter');
      }
      await page.goto(`/app/card/${ids.get('elf') ?? ''}`);
      const schedule = page.getByRole('region', { name: 'Schedule' });
      await expect(schedule.getByText('Getting familiar')).toBeVisible();
      await schedule.getByText('The scheduler’s numbers').click();
      await expect(schedule.getByText('Recall now')).toBeVisible();
      await schedule.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await shot('card');
    } finally {
      await context.close();
    }
  });
}
