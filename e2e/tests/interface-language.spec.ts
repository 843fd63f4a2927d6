import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * The interface language (issue 21; decision 0037): switched in settings, the page, the document's
 * `lang` and the dates follow at once and after a reload (the choice is stored with the learner).
 * A form's messages follow it, whether the page's check or the server's answer gives them, and an
 * error already on screen changes with the rest.
 * Then right-to-left screenshots of study, browse and settings in the pseudo-locale ar-XB go to
 * e2e/screenshots/rtl-*.png.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const password = 'juniper otter lantern';

test.beforeAll(() => {
  fs.mkdirSync(screenshotDir, { recursive: true });
});

async function newSignedInLearner(page: Page, prefix: string) {
  const learner = newLearner(prefix);
  const created = await page.request.post('/api/user/create', {
    data: { ...learner, password },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, learner.username, password);
  return learner;
}

/** The first "Signed in … · last used …" line of the sessions list: it holds two dates. */
const sessionLine = (page: Page) => page.getByText(/·/).first();

test('switching the interface language in settings changes the page, lang and dates', async ({
  page,
}) => {
  await newSignedInLearner(page, 'lang');
  await page.goto('/app/settings/authentification');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const english = await sessionLine(page).innerText();
  expect(english).toMatch(/Signed in/);

  await page.getByRole('tab', { name: 'Profile and learning' }).click();
  // An error on screen (the daily study's check, as typed) changes with the rest.
  await page.getByLabel('Time zone', { exact: true }).fill('Europe/Nowhere');
  await expect(
    page.getByText('Time zone must be an IANA time zone, such as Europe/Paris'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(
    page.getByText('Die Zeitzone muss eine IANA-Zeitzone sein, etwa Europe/Berlin'),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Übersicht' })).toBeVisible();

  // Stored with the learner: a reload (and any other device) starts in German.
  await page.goto('/app/settings/authentification');
  await expect(page.getByRole('tab', { name: 'Anmeldung und Sicherheit' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The same moments, in German words and written the German way.
  const german = await sessionLine(page).innerText();
  expect(german).not.toBe(english);
  expect(german).toMatch(/\d{2}\.\d{2}\.\d{4}|\d{1,2}\. \w+\.? \d{4}/);

  // The public pages follow (the app wrote the language cookie they are chosen by): the home
  // page prerendered in German.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Lerne die Wörter einer Sprache, Karte für Karte',
  );
});

test('the sign-up form says what is wrong in the interface language, checked by the page or the server', async ({
  page,
}) => {
  const taken = newLearner('taken');
  const created = await page.request.post('/api/user/create', { data: { ...taken, password } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/signup?lang=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible();
  // Checked in the page by the contract's schema: its messages in German.
  await page.getByLabel('E-Mail').fill(`other.${taken.email}`);
  await page.getByLabel('Passwort', { exact: true }).fill('owl');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeVisible();
  await expect(page.getByText('Benutzername muss mindestens 3 Zeichen lang sein')).toBeVisible();

  // Refused by the server (the username is taken): in German too, the page sends its language.
  await page.getByLabel('Benutzername').fill(taken.username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByText(/^Dieser Benutzername ist vergeben/)).toBeVisible();
});

test('the layout mirrors right to left in the pseudo-locale', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await newSignedInLearner(page, 'rtl');
  for (const [name, path] of [
    ['settings', '/app/settings'],
    ['browse', '/app/browse'],
    ['study', '/app/study'],
  ] as const) {
    await page.goto(`${path}?lang=ar-XB`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${screenshotDir}rtl-${name}.png`, fullPage: true });
  }
});
