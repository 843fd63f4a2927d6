import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * Two tabs edit the same card (issue 14 item 6, docs/decisions/0015-concurrent-writes.md): the
 * first saves; the second's save, made from the version it showed, is refused instead of
 * overwriting the first, and says so ("Changed elsewhere") with what was typed kept. The learner
 * loads the current version and applies their change again, by keyboard, and both changes stay.
 * In both themes, with the panel's text legible (WCAG AA contrast) and a screenshot in
 * e2e/screenshots/two-tabs-<theme>.png for people to look at.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'juniper otter compass';

/** A call of the API as the page's signed-in learner. */
function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const bearer = `Bearer ${btoa(localStorage.getItem('encodedAccessToken') ?? '')}`;
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: bearer,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { payload: unknown } };
    },
    { method, path, body },
  );
}

/** WCAG contrast ratio of the element's text on the background it is drawn on. */
function contrastOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const channels = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (value: string) => {
      const [r = 0, g = 0, b = 0] = channels(value).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // The nearest ancestor that paints a background (a transparent one shows its parent's).
    let painted: Element | null = element;
    while (painted && (channels(getComputedStyle(painted).backgroundColor)[3] ?? 1) === 0) {
      painted = painted.parentElement;
    }
    const background = painted ? getComputedStyle(painted).backgroundColor : 'rgb(255, 255, 255)';
    const [light, dark] = [luminance(getComputedStyle(element).color), luminance(background)].sort(
      (a, b) => b - a,
    );
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

test.beforeAll(() => {
  fs.mkdirSync(screenshotDir, { recursive: true });
});

for (const theme of ['light', 'dark'] as const) {
  test(`two tabs edit one card (${theme} theme): the second sees the conflict and re-applies its change`, async ({
    browser,
  }, testInfo) => {
    const { username, email } = newLearner('tabs');
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      colorScheme: theme,
    });
    await context.addInitScript((isDark) => {
      localStorage.setItem('isDark', String(isDark));
    }, theme === 'dark');
    try {
      const created = await context.request.post('/api/user/create', {
        data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
      });
      expect(created.status(), await created.text()).toBe(201);

      // Two tabs of one browser: one session, as a learner with the card open twice.
      const first = await context.newPage();
      await signIn(first, username, password);
      const card = await callApi(first, 'POST', '/api/cards', {
        front: 'la manzana',
        answers: ['the apple'],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
      });
      expect(card.status).toBe(201);
      const cardId = String((card.body.payload as { id: string }).id);
      const second = await context.newPage();
      for (const page of [first, second]) {
        await page.goto(`/app/card/${cardId}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByRole('heading', { level: 1, name: 'la manzana' })).toBeVisible();
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expect(page.getByRole('form', { name: 'Edit card' })).toBeVisible();
      }

      // The first tab saves a note.
      await first.getByRole('textbox', { name: 'Notes (optional)' }).fill('Una manzana roja.');
      await first.getByRole('button', { name: 'Save changes' }).click();
      await expect(first.getByTestId('toast-success')).toContainText('Card saved.');

      // The second, opened before, changes the front from the version it showed.
      const front = second.getByRole('textbox', { name: 'Front' });
      await front.fill('la manzana verde');
      await second.getByRole('button', { name: 'Save changes' }).click();
      const alert = second.getByRole('alert', { name: 'Changed elsewhere' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('changed in another tab or on another device');
      await expect(alert.getByRole('definition')).toHaveText('la manzana verde');
      await expect(alert).toBeFocused();
      // Nothing was overwritten, and what was typed is still there.
      await expect(front).toHaveValue('la manzana verde');
      const meanwhile = await callApi(second, 'GET', `/api/cards/${cardId}`);
      expect(meanwhile.body.payload).toMatchObject({
        front: 'la manzana',
        notes: 'Una manzana roja.',
        version: 2,
      });

      expect(await contrastOf(second, '[role="alert"] p')).toBeGreaterThanOrEqual(4.5);
      await alert.screenshot({ path: `${screenshotDir}two-tabs-${theme}.png` });

      // By keyboard: the panel has focus, Tab reaches "Load the current version".
      await second.keyboard.press('Tab');
      await expect(alert.getByRole('button', { name: 'Load the current version' })).toBeFocused();
      await second.keyboard.press('Enter');
      await expect(front).toHaveValue('la manzana');
      await expect(second.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue(
        'Una manzana roja.',
      );
      await expect(alert).toContainText('now shows the current version');
      await second.keyboard.press('Tab');
      await expect(alert.getByRole('button', { name: 'Apply my changes again' })).toBeFocused();
      await second.keyboard.press('Enter');
      await expect(alert).toBeHidden();
      await expect(front).toHaveValue('la manzana verde');
      await second.getByRole('button', { name: 'Save changes' }).click();
      await expect(second.getByTestId('toast-success')).toContainText('Card saved.');
      await expect(
        second.getByRole('heading', { level: 1, name: 'la manzana verde' }),
      ).toBeVisible();

      // Both changes stay.
      const after = await callApi(first, 'GET', `/api/cards/${cardId}`);
      expect(after.body.payload).toMatchObject({
        front: 'la manzana verde',
        notes: 'Una manzana roja.',
        version: 3,
      });
    } finally {
      await context.close();
    }
  });
}
