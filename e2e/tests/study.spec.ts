import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { answerByKeyboard, answerField, newSignedInLearner, queueCardIds } from './study';

/**
 * The study loop in a real browser: twenty cards answered by keyboard alone with some wrong
 * answers, the combo in the header, the diff, undo, the summary; then answers given offline, kept
 * across a reload, and synced when the network is back.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The cards of the session: "Wort n" answered by "word n"; these positions are answered wrong. */
const cardCount = 20;
const wrongAt = new Set([4, 9, 15]);
/** The card answered, undone, then answered again. */
const undoAt = 6;

function headerCombo(page: Page, combo: number) {
  const answers = combo === 1 ? 'answer' : 'answers';
  return page
    .getByRole('banner')
    .getByRole('link', { name: `Combo: ${combo} ${answers} right in a row`, exact: true });
}

test('an answer costs one request: its live event, back in the tab that sent it, reads nothing again', async ({
  page,
  request,
}) => {
  const api = await newSignedInLearner(page, request, 'onereq');
  for (let n = 1; n <= 4; n += 1) {
    await api.post('/api/cards', {
      front: `Wort ${n}`,
      answers: [`word ${n}`],
      fromLanguageCode: 'de',
      toLanguageCode: 'en',
    });
  }
  // The time zone saved already: the study page's first visit then writes nothing of its own.
  await api.post('/api/study/settings', { timeZone: 'UTC' });
  expect((await api.get('/api/study/settings'))['timeZoneSet']).toBe(true);
  // The study writes' events as the tab's socket receives them.
  let recorded = 0;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"review.recorded"')) recorded += 1;
    }),
  );
  await page.goto('/app/study');
  await expect(page.getByText('Card 1 of 4')).toBeVisible();
  await expect(page.getByRole('banner').getByTitle('Live updates on')).toBeAttached();
  const calls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${sent.method()} ${url.pathname}`);
  });
  for (let n = 1; n <= 3; n += 1) {
    await expect(page.getByText(`Card ${n} of 4`)).toBeVisible();
    await answerByKeyboard(page, 'not the word');
    await expect.poll(() => recorded).toBe(n);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText('Card 4 of 4')).toBeVisible();
  // Nothing read again after any of them (the combo came with each answer's result).
  expect(calls).toEqual(Array.from({ length: 3 }, () => 'POST /api/study/reviews'));
});

test('a learner studies twenty cards by keyboard, then answers offline and syncs', async ({
  page,
  context,
  request,
}) => {
  const api = await newSignedInLearner(page, request, 'study');

  await test.step('twenty cards are created through the API', async () => {
    for (let n = 1; n <= cardCount; n += 1) {
      await api.post('/api/cards', {
        front: `Wort ${n}`,
        answers: [`word ${n}`],
        fromLanguageCode: 'de',
        toLanguageCode: 'en',
      });
    }
    expect(await queueCardIds(api)).toHaveLength(cardCount);
  });

  let right = 0;
  await test.step('twenty cards are answered by keyboard alone, with a combo and a diff', async () => {
    await page.goto('/app/study');
    await expect(page.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
    await expect(headerCombo(page, 0)).toBeAttached();
    let combo = 0;
    for (let n = 1; n <= cardCount; n += 1) {
      await expect(page.getByText(`Card ${n} of ${cardCount}`)).toBeVisible();
      const front = await page
        .getByRole('region', { name: 'Card' })
        .locator('p[lang="de"]')
        .textContent();
      const number = Number(/Wort (\d+)/.exec(front ?? '')?.[1]);
      const wrong = wrongAt.has(n);
      await answerByKeyboard(page, wrong ? `wurd ${number}x` : `word ${number}`);
      const result = page.getByRole('region', { name: 'Result' });
      if (wrong) {
        combo = 0;
        await expect(result.getByText(/(Not right|Partly right|Close) — score/)).toBeVisible();
        // The diff marks what was wrong, missing or extra, in words a screen reader says too.
        const diff = result.getByTestId('answer-diff');
        await expect(diff.locator('[data-kind="wrong"]').first()).toBeVisible();
        await expect(diff.locator('[data-kind="extra"]').first()).toBeVisible();
        await expect(result.getByText(`word ${number}`, { exact: true })).toBeVisible();
      } else {
        combo += 1;
        right += 1;
        await expect(result.getByText('Exactly right — score 100%')).toBeVisible();
      }
      await expect(headerCombo(page, combo)).toBeAttached();

      if (n === undoAt) {
        // Tab from "Next card" to Undo: the card is asked again and the combo steps back.
        await expect(page.getByRole('button', { name: 'Next card' })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
        await page.keyboard.press('Enter');
        combo -= 1;
        right -= 1;
        await expect(answerField(page)).toHaveValue('');
        await expect(page.getByText(`Card ${n} of ${cardCount}`)).toBeVisible();
        await expect(headerCombo(page, combo)).toBeAttached();
        await answerByKeyboard(page, `word ${number}`);
        combo += 1;
        right += 1;
        await expect(headerCombo(page, combo)).toBeAttached();
      }

      const next = page.getByRole('button', { name: n === cardCount ? 'Finish' : 'Next card' });
      await expect(next).toBeFocused();
      await page.keyboard.press('Enter');
    }
    expect(right).toBe(cardCount - wrongAt.size);
  });

  await test.step('the summary counts the session', async () => {
    const summary = page.getByRole('region', { name: 'Session complete' });
    await expect(summary).toBeVisible();
    const stat = (label: string) =>
      summary.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(stat('Answered')).toHaveText(String(cardCount));
    await expect(stat('Right')).toHaveText(String(right));
    await expect(stat('Accuracy')).toHaveText(`${Math.round((right / cardCount) * 100)}%`);
    await expect(page.getByRole('button', { name: 'Study again' })).toBeFocused();
    expect(await queueCardIds(api)).toEqual([]);
  });

  await test.step('after a reload the header shows the combo and the dashboard today’s answers', async () => {
    const combo = (await api.get('/api/study/combo')) as { current: number };
    expect(combo.current).toBeGreaterThan(0);
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(headerCombo(page, combo.current)).toBeAttached();
    // Answered today counts the session once: the undone answer was taken back and redone.
    const answered = page
      .getByRole('region', { name: 'Today' })
      .getByText('Answered today', { exact: true });
    await expect(answered.locator('xpath=following-sibling::dd[1]')).toHaveText(String(cardCount));
    await expect(answered.locator('xpath=following-sibling::dd[2]')).toContainText(
      `${right} right, ${wrongAt.size} wrong`,
    );
  });

  const offlineCards: string[] = [];
  let categoryId = '';
  await test.step('a category with three more cards to study offline', async () => {
    // Twenty new cards a day is the default, across every category (issue 16, item 3): the
    // learner raises theirs to study three more today.
    await api.post('/api/study/settings', { newCardsPerDay: 30 });
    const category = await api.post('/api/categories', { name: 'On the train' });
    categoryId = String(category['id']);
    for (const [front, answer] of [
      ['der Zug', 'the train'],
      ['der Bahnhof', 'the station'],
      ['die Fahrkarte', 'the ticket'],
    ]) {
      const card = await api.post('/api/cards', {
        front,
        answers: [answer],
        fromLanguageCode: 'de',
        toLanguageCode: 'en',
        categoryId,
      });
      offlineCards.push(String(card['id']));
    }
    expect(await queueCardIds(api, categoryId)).toEqual(offlineCards);
  });

  await test.step('offline: two answers are scored here, kept, and synced when back online', async () => {
    await page.goto(`/app/study?category=${categoryId}`);
    await expect(page.getByText('der Zug')).toBeVisible();
    await expect(answerField(page)).toBeFocused();
    await context.setOffline(true);
    await expect(page.getByText('You are offline')).toBeVisible();

    await answerByKeyboard(page, 'the train');
    await expect(page.getByText('Offline — will sync')).toBeVisible();
    await expect(page.getByText('1 answer waiting to sync')).toBeVisible();
    await page.keyboard.press('Enter');
    await answerByKeyboard(page, 'the stasion');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByText('Offline — will sync')).toBeVisible();
    await expect(result.getByText('Set when this answer syncs')).toBeVisible();
    await expect(page.getByText('2 answers waiting to sync')).toBeVisible();
    // Already answered offline, a synced answer's undo would need the server: this one is local.
    await expect(result.getByRole('button', { name: 'Undo' })).toBeEnabled();

    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      const toggler = page.getByRole('button', { name: 'Dark theme' });
      if ((await toggler.getAttribute('aria-pressed')) !== String(theme === 'dark')) {
        await toggler.click();
      }
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // From the top, with focus back on the card, as the learner sees it.
      await page.getByRole('button', { name: 'Next card' }).focus();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${screenshotDir}study-offline-${theme}-phone.png`,
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    const kept = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('reviewOutbox:'));
      return JSON.parse((key && localStorage.getItem(key)) || '[]') as {
        clientReviewId: string;
        cardId: string;
        elapsedMs: number;
      }[];
    });
    expect(kept.map((entry) => entry.cardId)).toEqual(offlineCards.slice(0, 2));
    // The server has not heard of them yet.
    expect(await queueCardIds(api, categoryId)).toEqual(offlineCards);
    // As if they had been given this morning (a train at dawn, synced in the evening): the outbox
    // sends the time each was given, and the server schedules them from then. Half a day, not
    // more: under version 2 (decision 0030) a close first answer comes back after one day.
    const givenAt = await page.evaluate((daysAgo) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('reviewOutbox:')) ?? '';
      const at = Date.now() - daysAgo * 86_400_000;
      const entries = JSON.parse(localStorage.getItem(key) || '[]') as { answeredAt: number }[];
      localStorage.setItem(
        key,
        JSON.stringify(entries.map((entry) => ({ ...entry, answeredAt: at }))),
      );
      return at;
    }, 0.5);

    await context.setOffline(false);
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    await expect(result.getByText('Offline — will sync')).toHaveCount(0);
    await expect(result.locator('time')).toBeVisible();
    expect(await queueCardIds(api, categoryId)).toEqual(offlineCards.slice(2));
    const exported = (await api.get('/api/user/export')) as {
      reviews: {
        clientReviewId: string;
        elapsedMs: number;
        success: boolean;
        reviewedAt: string;
      }[];
    };
    for (const entry of kept) {
      const review = exported.reviews.find((row) => row.clientReviewId === entry.clientReviewId);
      expect(review, `review ${entry.clientReviewId} on the server`).toBeDefined();
      expect(review?.elapsedMs).toBe(entry.elapsedMs);
      expect(review?.reviewedAt).toBe(new Date(givenAt).toISOString());
    }
  });

  await test.step('an answer kept while the server is unreachable survives a reload', async () => {
    await page.keyboard.press('Enter');
    await expect(page.getByText('die Fahrkarte')).toBeVisible();
    await page.route('**/api/study/reviews', (route) => route.abort('internetdisconnected'));
    await answerByKeyboard(page, 'the ticket');
    await expect(page.getByText('Offline — will sync')).toBeVisible();
    await expect(page.getByText('1 answer waiting to sync')).toBeVisible();

    await page.reload();
    await expect(page.getByText('1 answer waiting to sync')).toBeVisible();
    // The server still lists the card; this device knows it was answered.
    await expect(page.getByRole('heading', { name: 'These cards wait to sync' })).toBeVisible();
    expect(await queueCardIds(api, categoryId)).toEqual(offlineCards.slice(2));

    // The server is reachable again; the network coming back sends the answer at once (without
    // waiting for the next retry of the backoff).
    await page.unroute('**/api/study/reviews');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    expect(await queueCardIds(api, categoryId)).toEqual([]);
  });
});
