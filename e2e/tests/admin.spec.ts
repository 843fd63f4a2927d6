import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { dataDir } from '../playwright.config';
import { newLearner, signIn } from './session';

/**
 * The admin area (issue 19, docs/decisions/0033-admin-and-plans.md): an admin (made with
 * `npm run admin -- promote`) disables a learner who is signed in in another browser, whose tab
 * is signed out at once; the learner's feedback is resolved in the feedback tab.
 */

const password = 'juniper otter compass';
const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const screenshotDir = path.join(e2eDir, 'screenshots');

async function signUp(browser: Browser, testInfo: TestInfo, prefix: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const { username, email } = newLearner(prefix);
  const created = await context.request.post('/api/user/create', {
    data: { username, email, password },
  });
  expect(created.status()).toBe(201);
  const page = await context.newPage();
  return { context, page, username, email };
}

/** The command an operator runs for the first admin, on the server's database. */
function promote(email: string): void {
  execFileSync('node', [path.join(e2eDir, '../apps/server/dist/admin.js'), 'promote', email], {
    env: { ...process.env, DATA_DIR: path.resolve(e2eDir, dataDir) },
    stdio: 'pipe',
  });
}

async function sendFeedback(page: Page, message: string) {
  const status = await page.evaluate(async (message) => {
    const bearer = `Bearer ${btoa(localStorage.getItem('encodedAccessToken') ?? '')}`;
    const response = await fetch('/api/feedback', {
      method: 'POST',
      headers: { Authorization: bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'bug', message, page: '/app/study' }),
    });
    return response.status;
  }, message);
  expect(status).toBe(201);
}

test('an admin disables a signed-in learner, who is signed out at once; feedback is resolved', async ({
  browser,
}, testInfo) => {
  const admin = await signUp(browser, testInfo, 'admin');
  const learner = await signUp(browser, testInfo, 'learner');
  try {
    promote(admin.email);
    await signIn(admin.page, admin.username, password);
    await signIn(learner.page, learner.username, password);
    const message = `The study page froze (${learner.username})`;
    await sendFeedback(learner.page, message);

    // The admin entry shows, with the count of new feedback.
    const entry = admin.page.getByRole('link', { name: /^Admin/ });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(/\d+/);
    await entry.click();
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();

    await admin.page.getByLabel('Search by username or e-mail (beginning)').fill(learner.username);
    const row = admin.page.getByRole('row', { name: new RegExp(learner.username) });
    await expect(row).toHaveCount(1);
    await admin.page.screenshot({ path: path.join(screenshotDir, 'admin-users-light.png') });
    await admin.page.getByRole('button', { name: `Manage ${learner.username}` }).click();
    await admin.page.getByRole('button', { name: 'Disable account' }).click();
    const confirm = admin.page.getByRole('alertdialog');
    await expect(confirm).toContainText('signed out everywhere at once');
    await admin.page.screenshot({ path: path.join(screenshotDir, 'admin-disable-confirm.png') });
    await confirm.getByRole('button', { name: 'Disable account' }).click();
    await expect(admin.page.getByText(/account is disabled and every session/)).toBeVisible();

    // The learner's other browser is signed out without doing anything.
    await expect(learner.page).toHaveURL(/\/login/, { timeout: 5000 });
    await learner.page.getByLabel('Username or e-mail').fill(learner.username);
    await learner.page.getByLabel('Password', { exact: true }).fill(password);
    await learner.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(learner.page.getByText(/account is disabled/i)).toBeVisible();

    // Feedback: the learner's message, marked resolved.
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('tab', { name: /Feedback/ }).click();
    await expect(admin.page).toHaveURL(/\/app\/admin\/feedback$/);
    const item = admin.page.getByRole('listitem').filter({ hasText: message });
    await expect(item).toBeVisible();
    await expect(item).toContainText(learner.username);
    await expect(item).toContainText('/app/study');
    await admin.page.screenshot({ path: path.join(screenshotDir, 'admin-feedback-light.png') });
    await item.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(item).toHaveCount(0);
    await admin.page.getByLabel('Status').selectOption('resolved');
    await expect(admin.page.getByRole('listitem').filter({ hasText: message })).toContainText(
      'Resolved',
    );

    // The audit log tells both actions.
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = admin.page.getByRole('region', { name: 'Audit log' });
    await expect(audit.getByRole('row', { name: /Disabled/ })).toContainText(learner.username);
    await expect(audit.getByRole('row', { name: /Feedback status/ }).first()).toBeVisible();

    // Dark theme, phone width.
    const phone = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const phonePage = await phone.newPage();
    await signIn(phonePage, admin.username, password);
    await phonePage.goto('/app/admin/users');
    await expect(phonePage.getByRole('button', { name: `Manage ${admin.username}` })).toBeVisible();
    await phonePage.screenshot({ path: path.join(screenshotDir, 'admin-users-phone-dark.png') });
    await phonePage.getByRole('button', { name: `Manage ${admin.username}` }).click();
    await expect(phonePage.getByRole('dialog')).toContainText('This is your own account.');
    await phonePage.screenshot({ path: path.join(screenshotDir, 'admin-self-phone-dark.png') });
    await phone.close();
  } finally {
    await admin.context.close();
    await learner.context.close();
  }
});
