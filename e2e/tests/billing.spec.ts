import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  fakeStripeEnv,
  startFakeStripe,
  type FakeStripe,
} from '../../apps/server/test/fake-stripe';
import { newLearner, signIn } from './session';
import { apiAs } from './study';

/**
 * Subscriptions with billing on (issue 19, docs/decisions/0034-subscriptions.md): a server of its
 * own (the config's runs with billing off, the default) with BILLING=on against a local fake of
 * Stripe, whose Checkout page "pays" at once, posts the signed `checkout.session.completed` to
 * the webhook and redirects back. A free learner hits the card limit, sees why, upgrades, and the
 * limit is gone.
 */

const password = 'juniper otter compass';
const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const screenshotDir = path.join(e2eDir, 'screenshots');
// Beside the config's server (E2E_PORT), far enough from the next helper's port.
const port = Number(process.env['E2E_PORT'] ?? 3100) + 5;
const base = `http://127.0.0.1:${port}`;
/** The free plan's cards and categories (packages/contract/src/subscription.ts). */
const freeCards = 200;
const freeCategories = 10;

const dataDir = path.join(e2eDir, `.data/${port}-billing`);

let stripe: FakeStripe;
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  stripe = await startFakeStripe({ webhookUrl: `${base}/api/subscription/webhook` });
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn('node', [path.join(e2eDir, '../apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...fakeStripeEnv(stripe),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the billing server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server?.pid !== undefined) server.kill('SIGTERM');
  await stripe?.close();
});

async function learnerWithCards(
  browser: Browser,
  cards: number,
  { theme = 'light', admin = false }: { theme?: 'light' | 'dark'; admin?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL: base, colorScheme: theme });
  await context.addInitScript((isDark) => {
    localStorage.setItem('isDark', String(isDark));
  }, theme === 'dark');
  const { username, email } = newLearner('free');
  const created = await context.request.post('/api/user/create', {
    data: { username, email, password },
  });
  expect(created.status()).toBe(201);
  const login = await context.request.post('/api/auth/login', {
    data: { login: username, password },
  });
  const { access } = (await login.json()).payload as { access: string };
  const headers = { authorization: `Bearer ${Buffer.from(access).toString('base64')}` };
  for (let i = 0; i < cards; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, cards - i) }, (_, j) =>
        context.request
          .post('/api/cards', {
            headers,
            data: {
              front: `palabra ${i + j}`,
              answers: [`word ${i + j}`],
              fromLanguageCode: 'es',
              toLanguageCode: 'en',
            },
          })
          .then((res) => expect(res.status()).toBe(201)),
      ),
    );
  }
  // The operator's command for an admin, on the billing server's database.
  if (admin) {
    execFileSync('node', [path.join(e2eDir, '../apps/server/dist/admin.js'), 'promote', email], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: 'pipe',
    });
  }
  const page = await context.newPage();
  await signIn(page, username, password);
  return { context, page, username };
}

async function addCard(page: Page, front: string) {
  await page.goto('/app/browse');
  await page.getByRole('button', { name: 'New card' }).click();
  const dialog = page.getByRole('dialog', { name: 'New card' });
  await dialog.getByLabel('Front', { exact: true }).fill(front);
  await dialog.getByLabel('Answers', { exact: true }).fill('the answer');
  await page.keyboard.press('Enter');
  return dialog;
}

test('a free learner hits the card limit, sees why, upgrades through Checkout, and the limit is gone', async ({
  browser,
}) => {
  const { context, page } = await learnerWithCards(browser, freeCards);

  const dialog =
    await test.step('the 201st card is refused with the reason and the way to upgrade', async () => {
      const dialog = await addCard(page, 'el límite');
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('Free plan limit reached.');
      await expect(alert).toContainText('The free plan allows 200 cards');
      await page.screenshot({ path: path.join(screenshotDir, 'plan-limit-light-desktop.png') });
      return dialog;
    });

  await test.step('the tab shows the plan, its usage against each limit', async () => {
    await dialog.getByRole('link', { name: 'See your plan and upgrade' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/subscription$/);
    const region = page.getByRole('region', { name: 'Your plan' });
    await expect(region.getByText('Free', { exact: true })).toBeVisible();
    await expect(region.getByText('No subscription')).toBeVisible();
    await expect(region.getByText('200 of 200')).toBeVisible();
    await expect(region.getByText('0 of 10')).toBeVisible();
    await expect(region.getByText('Limit reached')).toBeVisible();
    await page.screenshot({
      path: path.join(screenshotDir, 'subscription-free-light-desktop.png'),
      fullPage: true,
    });
  });

  await test.step('Upgrade goes through (faked) Checkout and comes back premium', async () => {
    await page.getByRole('button', { name: 'Upgrade to premium' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/subscription\?checkout=success$/);
    const region = page.getByRole('region', { name: 'Your plan' });
    await expect(region.getByText('Premium', { exact: true })).toBeVisible();
    await expect(region.getByText('Active', { exact: true })).toBeVisible();
    await expect(region.getByText('Renews')).toBeVisible();
    await expect(region.getByText('200 (no plan limit)')).toBeVisible();
    await expect(region.getByRole('button', { name: 'Manage subscription' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Upgrade to premium' })).toHaveCount(0);
    await page.screenshot({
      path: path.join(screenshotDir, 'subscription-premium-light-desktop.png'),
      fullPage: true,
    });
  });

  await test.step('the limit is gone: the card is added', async () => {
    await addCard(page, 'sin límite');
    await expect(page.getByText('Card “sin límite” added.')).toBeVisible();
  });

  await test.step('Manage opens the (faked) portal, which comes back to the tab', async () => {
    await page.goto('/app/settings/subscription');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/subscription$/);
    await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
  });
  await context.close();
});

test('the subscription tab in the dark theme and at 390 px', async ({ browser }) => {
  const { context, page } = await learnerWithCards(browser, 30, { theme: 'dark' });
  await page.goto('/app/settings/subscription');
  const region = page.getByRole('region', { name: 'Your plan' });
  await expect(region.getByText('30 of 200')).toBeVisible();
  await page.screenshot({
    path: path.join(screenshotDir, 'subscription-free-dark-desktop.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(region.getByRole('button', { name: 'Upgrade to premium' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: path.join(screenshotDir, 'subscription-free-dark-390.png'),
    fullPage: true,
  });
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`an import past the card limit links to the plan from its dialog (${theme}, 390 px)`, async ({
    browser,
  }) => {
    const { context, page } = await learnerWithCards(browser, 0, { theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/browse');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import cards' });
    const rows = Array.from({ length: freeCards + 1 }, (_, i) => `palabra ${i},word ${i}`);
    await dialog.getByLabel('File').setInputFiles({
      name: 'words.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['front,answers', ...rows].join('\n')),
    });
    await dialog.getByRole('button', { name: 'Check' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Free plan limit reached.');
    await expect(alert).toContainText('The free plan allows 200 cards');
    const upgrade = alert.getByRole('link', { name: 'See your plan and upgrade' });
    await upgrade.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, `plan-limit-import-${theme}-390.png`) });

    await upgrade.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/settings\/subscription$/);
    await expect(
      page.getByRole('region', { name: 'Your plan' }).getByText('0 of 200'),
    ).toBeVisible();
    await context.close();
  });
}

test('a deck copy past the category limit links to the plan from the preview (light, 390 px)', async ({
  browser,
}) => {
  const owner = await learnerWithCards(browser, 0);
  const ownerApi = await apiAs(owner.page, owner.context.request);
  const pair = { fromLanguageCode: 'es', toLanguageCode: 'en' };
  const deck = await ownerApi.post('/api/categories', {
    name: 'Animales',
    visibility: 'public',
    ...pair,
  });
  await ownerApi.post('/api/cards', {
    front: 'el perro',
    answers: ['the dog'],
    categoryId: deck['id'],
    ...pair,
  });
  await owner.context.close();

  const { context, page } = await learnerWithCards(browser, 0);
  const learnerApi = await apiAs(page, context.request);
  for (let i = 0; i < freeCategories; i += 1) {
    await learnerApi.post('/api/categories', { name: `Tema ${i}` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/explore?deck=${String(deck['id'])}`);
  const dialog = page.getByRole('dialog', { name: 'Animales' });
  await dialog.getByRole('button', { name: 'Copy to my categories' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Free plan limit reached.');
  await expect(alert).toContainText('The free plan allows 10 categories');
  const upgrade = alert.getByRole('link', { name: 'See your plan and upgrade' });
  await upgrade.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screenshotDir, 'plan-limit-copy-light-390.png') });

  await upgrade.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/settings\/subscription$/);
  await expect(page.getByRole('region', { name: 'Your plan' }).getByText('10 of 10')).toBeVisible();
  await context.close();
});

test('an admin grants free premium and the learner’s open tab shows it at once', async ({
  browser,
}) => {
  const learner = await learnerWithCards(browser, 0);
  const admin = await learnerWithCards(browser, 0, { admin: true });
  await learner.page.goto('/app/settings/subscription');
  const region = learner.page.getByRole('region', { name: 'Your plan' });
  await expect(region.getByText('Free', { exact: true })).toBeVisible();
  await expect(region.getByText('0 of 200')).toBeVisible();

  await admin.page.goto('/app/admin');
  await admin.page.getByLabel('Search by username or e-mail (beginning)').fill(learner.username);
  await expect(admin.page.getByRole('row', { name: new RegExp(learner.username) })).toHaveCount(1);
  await admin.page.getByRole('button', { name: `Manage ${learner.username}` }).click();
  await admin.page.getByRole('button', { name: 'Grant free premium' }).click();
  await admin.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Grant free premium' })
    .click();

  // No reload: the plan.changed event makes the tab read the plan again.
  await expect(region.getByText('Premium', { exact: true })).toBeVisible();
  await expect(region.getByText('granted by an administrator')).toBeVisible();
  await expect(region.getByText('0 (no plan limit)').first()).toBeVisible();
  await expect(region.getByRole('button', { name: 'Upgrade to premium' })).toHaveCount(0);
  await learner.page.screenshot({
    path: path.join(screenshotDir, 'subscription-freeloaded-light-desktop.png'),
    fullPage: true,
  });
  await learner.context.close();
  await admin.context.close();
});
