import { expect, test, type Page } from '@playwright/test';

/**
 * A page the service worker did not claim asks to be claimed. A page still loading when the
 * worker activated is missed by the worker's claim; a page loaded with the cache bypassed (a
 * forced reload) is never handed to the worker either. Both would go without the worker until
 * their next load, so a reload offline would fail.
 */

test.use({ serviceWorkers: 'allow' });

function controller(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

test('a page loaded past the service worker is claimed by it once the worker is ready', async ({
  page,
}) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => controller(page)).toMatch(/\/sw\.js$/);

  // A forced reload bypasses the worker: the page starts without a controller.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.reload', { ignoreCache: true });
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => controller(page)).toMatch(/\/sw\.js$/);
});
