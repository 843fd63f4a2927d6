import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * Every main screen in both themes at phone and desktop width: a full-page screenshot in
 * e2e/screenshots/<screen>-<theme>-<width>.png for people to look at, and the checks a machine can
 * make (no console error, no horizontal scroll at phone width, inputs named, one h1, a visible
 * focus reachable by Tab).
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

const widths = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
const themes = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** The h1 of the screen. */
  heading: string | RegExp;
  /** Shown once the screen has loaded its data. */
  ready?: (page: Page) => ReturnType<Page['getByText']>;
}

const screens: Screen[] = [
  { name: 'home', path: '/', signedIn: false, heading: /learn the words/i },
  { name: 'privacy', path: '/privacy', signedIn: false, heading: /privacy/i },
  { name: 'sign-in', path: '/login', signedIn: false, heading: 'Sign in' },
  { name: 'sign-up', path: '/signup', signedIn: false, heading: 'Create an account' },
  {
    name: 'forgotten-password',
    path: '/forget-password',
    signedIn: false,
    heading: 'Forgotten password',
  },
  {
    name: 'dashboard',
    path: '/app/dashboard',
    signedIn: true,
    heading: 'Dashboard',
    ready: (page) => page.getByText(/^Welcome, /),
  },
  {
    name: 'settings-learning',
    path: '/app/settings',
    signedIn: true,
    heading: 'Settings',
    ready: (page) => page.getByRole('form', { name: 'Learning settings' }),
  },
  {
    name: 'settings-subscription',
    path: '/app/settings/subscription',
    signedIn: true,
    heading: 'Settings',
    ready: (page) => page.getByText(/Billing is off on this instance/),
  },
  {
    name: 'settings-authentification',
    path: '/app/settings/authentification',
    signedIn: true,
    heading: 'Settings',
    ready: (page) => page.getByRole('region', { name: 'Sessions' }).getByText('This device'),
  },
  { name: 'not-found', path: '/no/such/page', signedIn: false, heading: 'Page not found' },
];

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
let signedInState: StorageState | undefined;

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const { username, email } = newLearner('shots');
  const password = 'saffron pelican harbour';
  const context = await browser.newContext({ baseURL });
  try {
    const created = await context.request.post('/api/user/create', {
      data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const page = await context.newPage();
    await signIn(page, username, password);
    signedInState = await context.storageState();
  } finally {
    await context.close();
  }
  fs.mkdirSync(screenshotDir, { recursive: true });
});

// The screenshots are the record; a trace of 40 page loads would only slow the suite.
test.use({ trace: 'off' });

for (const theme of themes) {
  for (const [widthName, viewport] of Object.entries(widths)) {
    test.describe(`${theme} theme at ${widthName} width`, () => {
      // One signed-out and one signed-in context per theme and width: pages share the HTTP cache.
      let contexts: { signedOut: BrowserContext; signedIn: BrowserContext } | undefined;

      test.beforeAll(async ({ browser }, testInfo) => {
        const options = { baseURL: testInfo.project.use.baseURL, viewport, colorScheme: theme };
        const signedOut = await browser.newContext(options);
        const signedIn = await browser.newContext({ ...options, storageState: signedInState });
        for (const context of [signedOut, signedIn]) {
          // The saved theme wins over the system's; set it as a learner's toggle would have.
          await context.addInitScript((isDark) => {
            localStorage.setItem('isDark', String(isDark));
          }, theme === 'dark');
        }
        contexts = { signedOut, signedIn };
      });

      test.afterAll(async () => {
        await contexts?.signedOut.close();
        await contexts?.signedIn.close();
      });

      for (const screen of screens) {
        test(screen.name, async () => {
          if (!contexts) throw new Error('The contexts were not created');
          const page = await (screen.signedIn ? contexts.signedIn : contexts.signedOut).newPage();
          try {
            await checkScreen(page, screen, theme, widthName);
          } finally {
            await page.close();
          }
        });
      }
    });
  }
}

async function checkScreen(page: Page, screen: Screen, theme: string, widthName: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(screen.path);
  await expect(page).toHaveURL(new RegExp(`${screen.path.replace(/\//g, '\\/')}$`));
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(screen.heading);
  if (screen.ready) await expect(screen.ready(page)).toBeVisible();
  // Every tab says whose it is, then which page (lib/use-document-title.ts).
  await expect(page).toHaveTitle(/^Glossa — \S/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  await page.screenshot({
    path: `${screenshotDir}${screen.name}-${theme}-${widthName}.png`,
    fullPage: true,
  });

  if (screen.signedIn && widthName === 'desktop') {
    // Every link of the app's navigation shows whole, none under the header's tools.
    const clipped = await page.evaluate(() => {
      const nav = document.querySelector('header nav[aria-label="App"]');
      const tools = nav?.nextElementSibling?.getBoundingClientRect();
      if (!nav || !tools) return ['no navigation or tools'];
      const edge = Math.min(nav.getBoundingClientRect().right, tools.left);
      return Array.from(nav.querySelectorAll('a'))
        .filter((link) => link.getBoundingClientRect().right > edge + 0.5)
        .map((link) => link.textContent ?? '');
    });
    expect(clipped, 'navigation links cut off or under the tools').toEqual([]);
  }

  if (widthName === 'phone') {
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(
      overflow.scrollWidth,
      `horizontal scroll: ${overflow.scrollWidth}px wide in ${overflow.innerWidth}px`,
    ).toBeLessThanOrEqual(overflow.innerWidth);
  }

  // Every form control has an accessible name, read from the accessibility tree in one go: a
  // control without a name shows as `- textbox` instead of `- textbox "Name"`.
  const tree = await page.locator('body').ariaSnapshot();
  const controlRoles = 'textbox|searchbox|spinbutton|combobox|listbox|switch|checkbox|radio|slider';
  const unnamed = tree
    .split('\n')
    .filter((line) => new RegExp(`^\\s*- (${controlRoles})(?=[ :]|$)`).test(line))
    .filter((line) => !new RegExp(`^\\s*- (${controlRoles}) "`).test(line));
  expect(unnamed, 'form controls without an accessible name').toEqual([]);

  // Tab reaches an element that shows focus (:focus-visible with a visible ring).
  let focus: { visible: boolean; ring: boolean; label: string } | null = null;
  for (let presses = 0; presses < 5 && !focus?.visible; presses += 1) {
    await page.keyboard.press('Tab');
    focus = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const ring =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none';
      return {
        visible: element.matches(':focus-visible'),
        ring,
        label: `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      };
    });
  }
  expect(focus?.visible, 'Tab reaches a :focus-visible element').toBe(true);
  expect(focus?.ring, `the focused ${focus?.label} shows a focus ring`).toBe(true);

  expect(errors, 'console errors').toEqual([]);
}
