import { expect, test, type Page } from '@playwright/test';
import { answerByKeyboard, newSignedInLearner, queueCardIds } from './study';

/**
 * A study session survives a reload without a network: the service worker answers the page with
 * the app it kept, the study page takes the queue kept on the device, the answer waits in the
 * outbox, and it reaches the server once the network is back.
 *
 * In this Chromium, Playwright's offline mode also cuts the service worker's own fetches (it
 * sets the worker's network conditions too); the test checks so itself, or a reload would be
 * answered by the server and prove nothing.
 */

test.use({ serviceWorkers: 'allow' });

/** The paths of every request kept in the Cache Storage. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Whether a fetch reaches the server; run in the page and in the service worker. */
function reachServer(): Promise<boolean> {
  return fetch('/api/health', { cache: 'no-store' }).then(
    () => true,
    () => false,
  );
}

function outboxEntries(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('reviewOutbox:'));
    return JSON.parse((key && localStorage.getItem(key)) || '[]') as {
      clientReviewId: string;
      cardId: string;
    }[];
  });
}

test('a study session reloaded offline goes on, and its answer reaches the server once back online', async ({
  page,
  context,
  request,
}) => {
  const api = await newSignedInLearner(page, request, 'offline');
  const cards: Record<string, string> = {};
  for (const [front, answer] of [
    ['der Zug', 'the train'],
    ['der Bahnhof', 'the station'],
  ] as const) {
    const card = await api.post('/api/cards', {
      front,
      answers: [answer],
      fromLanguageCode: 'de',
      toLanguageCode: 'en',
    });
    cards[front] = String(card['id']);
  }
  const card = page.getByRole('region', { name: 'Card' });

  await test.step('online, the study page opens and the service worker takes it over', async () => {
    await page.goto('/app/study');
    await expect(card.getByText('der Zug')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    // The app's own files only: never an answer of the API (the learner's data).
    const cached = await cachedPaths(page);
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => /^\/assets\/study-page-.+\.js$/.test(path))).toBe(true);
    expect(cached.every((path) => path === '/index.html' || path.startsWith('/assets/'))).toBe(
      true,
    );
    const keptQueue = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('studyQueue:')),
    );
    expect(keptQueue).toHaveLength(1);
  });

  await test.step('offline, a reload still shows the study card', async () => {
    await context.setOffline(true);
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('No service worker runs');
    expect(await page.evaluate(reachServer), 'the page has no network').toBe(false);
    expect(await worker.evaluate(reachServer), 'the service worker has no network').toBe(false);

    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByText(/These are the cards saved on this device/)).toBeVisible();
    await expect(card.getByText('der Zug')).toBeVisible();
    await expect(page.getByText('Card 1 of 2')).toBeVisible();
  });

  await test.step('the card is answered by keyboard; the answer waits in the outbox', async () => {
    await answerByKeyboard(page, 'the train');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByText('Exactly right — score 100%')).toBeVisible();
    await expect(result.getByText('Offline — will sync')).toBeVisible();
    await expect(page.getByText('1 answer waiting to sync')).toBeVisible();
    expect((await outboxEntries(page)).map((entry) => entry.cardId)).toEqual([cards['der Zug']]);
    // The server has not heard of it.
    expect(await queueCardIds(api)).toEqual([cards['der Zug'], cards['der Bahnhof']]);
  });

  await test.step('back online, the answer reaches the server', async () => {
    const [kept] = await outboxEntries(page);
    await context.setOffline(false);
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Result' }).getByText('Offline — will sync'),
    ).toHaveCount(0);
    expect(await outboxEntries(page)).toEqual([]);
    expect(await queueCardIds(api)).toEqual([cards['der Bahnhof']]);
    const exported = (await api.get('/api/user/export')) as {
      reviews: { clientReviewId: string; success: boolean }[];
    };
    const review = exported.reviews.find((row) => row.clientReviewId === kept?.clientReviewId);
    expect(review, 'the answer given offline is on the server').toBeDefined();
    expect(review?.success).toBe(true);
  });

  await test.step('reloaded offline with no queue kept, the cards load by themselves once back online', async () => {
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('studyQueue:')) localStorage.removeItem(key);
      }
    });
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Your cards could not be loaded' }),
    ).toBeVisible();
    await context.setOffline(false);
    // Nothing pressed: coming back online asks for the queue again.
    await expect(card.getByText('der Bahnhof')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cards could not be loaded' })).toHaveCount(
      0,
    );
  });
});
