import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type Browser,
  type Page,
  type TestInfo,
  type WebSocketRoute,
} from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * Live updates (issue 18, docs/decisions/0032-live-updates.md): one learner on two devices (two
 * browser contexts). A card edited on one shows on the other without a reload; signing the other
 * device's session out in settings signs it out within two seconds.
 */

const password = 'juniper otter compass';
const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

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

/** A Spanish card created as the page's learner; its id. */
async function createCard(page: Page, front: string, answer: string): Promise<string> {
  const created = await callApi(page, 'POST', '/api/cards', {
    front,
    answers: [answer],
    fromLanguageCode: 'es',
    toLanguageCode: 'en',
  });
  expect(created.status).toBe(201);
  return (created.body.payload as { id: string }).id;
}

/** Two devices of one new learner, both signed in and on the dashboard. */
async function twoDevices(browser: Browser, testInfo: TestInfo) {
  const { username, email } = newLearner('live');
  const contexts = await Promise.all([
    browser.newContext({ baseURL: testInfo.project.use.baseURL }),
    browser.newContext({ baseURL: testInfo.project.use.baseURL }),
  ]);
  const [first, second] = contexts;
  if (!first || !second) throw new Error('no contexts');
  const created = await first.request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status()).toBe(201);
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, username, password);
  await signIn(b, username, password);
  return { a, b, close: () => Promise.all(contexts.map((context) => context.close())) };
}

test('a card edited on one device shows on the other without a reload', async ({
  browser,
}, testInfo) => {
  const { a, b, close } = await twoDevices(browser, testInfo);
  try {
    const id = await createCard(a, 'la casa', 'the house');
    await b.goto(`/app/card/${id}`);
    await expect(b.getByText('la casa', { exact: true }).first()).toBeVisible();
    // The live connection is up (its status is announced politely).
    await expect(b.getByRole('status').filter({ hasText: 'Live updates on' })).toBeAttached();
    const navigations: string[] = [];
    b.on('framenavigated', (frame) => {
      if (frame === b.mainFrame()) navigations.push(frame.url());
    });

    expect((await callApi(a, 'PATCH', `/api/cards/${id}`, { front: 'la casa azul' })).status).toBe(
      200,
    );
    await expect(b.getByText('la casa azul', { exact: true }).first()).toBeVisible({
      timeout: 5000,
    });
    expect(navigations).toEqual([]);

    // The indicator at phone width, in both themes, reconnecting (the network gone) — for people
    // to look at in e2e/screenshots/live-indicator-<theme>.png.
    fs.mkdirSync(screenshotDir, { recursive: true });
    await b.setViewportSize({ width: 375, height: 700 });
    await b.context().setOffline(true);
    await b.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(b.getByRole('status').filter({ hasText: 'Offline' })).toBeAttached();
    for (const theme of ['light', 'dark'] as const) {
      await b.evaluate((isDark) => {
        document.documentElement.dataset['theme'] = isDark ? 'dark' : 'light';
      }, theme === 'dark');
      await b.screenshot({ path: `${screenshotDir}live-indicator-${theme}.png` });
    }
    await b.context().setOffline(false);
  } finally {
    await close();
  }
});

test('a change made while the other device had no socket shows once it reconnects', async ({
  browser,
}, testInfo) => {
  const { a, b, close } = await twoDevices(browser, testInfo);
  try {
    const id = await createCard(a, 'el gato', 'the cat');
    // B's sockets go through the test, which can drop them and turn new ones away, as a server
    // restarting would.
    let away = false;
    const sockets: WebSocketRoute[] = [];
    await b.context().routeWebSocket(/\/api\/socket/, (socket) => {
      if (away) {
        void socket.close({ code: 1013, reason: 'Try again later' });
        return;
      }
      socket.connectToServer();
      sockets.push(socket);
    });
    await b.goto(`/app/card/${id}`);
    await expect(b.getByText('el gato', { exact: true }).first()).toBeVisible();
    const live = b.getByRole('status').filter({ hasText: 'Live updates on' });
    await expect(live).toBeAttached();
    const navigations: string[] = [];
    b.on('framenavigated', (frame) => {
      if (frame === b.mainFrame()) navigations.push(frame.url());
    });

    away = true;
    await Promise.all(sockets.map((socket) => socket.close({ code: 1001, reason: 'Restarting' })));
    await expect(b.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeAttached();
    // Changed while B has no socket: its event reaches no tab of B.
    expect((await callApi(a, 'PATCH', `/api/cards/${id}`, { front: 'el gato negro' })).status).toBe(
      200,
    );
    await expect(b.getByText('el gato', { exact: true }).first()).toBeVisible();
    away = false;
    await expect(live).toBeAttached({ timeout: 10_000 });
    await expect(b.getByText('el gato negro', { exact: true }).first()).toBeVisible({
      timeout: 5000,
    });
    expect(navigations).toEqual([]);
  } finally {
    await close();
  }
});

test('signing the other device out in settings signs it out within two seconds', async ({
  browser,
}, testInfo) => {
  const { a, b, close } = await twoDevices(browser, testInfo);
  try {
    await expect(b.getByRole('status').filter({ hasText: 'Live updates on' })).toBeAttached();
    await a.goto('/app/settings/authentification');
    const sessions = a.getByRole('region', { name: 'Sessions' });
    const other = sessions.getByRole('button', { name: /^Sign out .*last used/ });
    await expect(other).toHaveCount(1);
    const started = Date.now();
    await other.click();
    await expect(b).toHaveURL(/\/login/, { timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    const stored = await b.evaluate(() => localStorage.getItem('encodedAccessToken'));
    expect(stored).toBeNull();
  } finally {
    await close();
  }
});

test('a review on one device updates the other’s dashboard and combo', async ({
  browser,
}, testInfo) => {
  const { a, b, close } = await twoDevices(browser, testInfo);
  try {
    // B's live connection is up before A changes anything: a change made while B's socket was
    // still opening would reach B only at its next read.
    await expect(b.getByRole('status').filter({ hasText: 'Live updates on' })).toBeAttached();
    const id = await createCard(a, 'el perro', 'the dog');
    const today = b.getByRole('region', { name: 'Today' });
    const answered = today.getByText('Answered today').locator('..');
    await expect(answered).not.toContainText('right:');
    await expect(b.getByRole('status').filter({ hasText: 'Live updates on' })).toBeAttached();
    const reviewed = await callApi(a, 'POST', '/api/study/reviews', {
      cardId: id,
      guess: 'the dog',
      clientReviewId: crypto.randomUUID(),
      elapsedMs: 1500,
    });
    expect(reviewed.status).toBe(200);
    await expect(answered).toContainText('1 right, 0 wrong', { timeout: 5000 });
    await expect(b.getByLabel('Combo: 1')).toBeVisible({ timeout: 5000 });
  } finally {
    await close();
  }
});

test('a category shared with a learner appears in their organize view once they accept', async ({
  browser,
}, testInfo) => {
  const { a: owner, close: closeOwner } = await twoDevices(browser, testInfo);
  const { b: learner, close: closeLearner } = await twoDevices(browser, testInfo);
  try {
    const name = `Shared live ${Date.now().toString(36)}`;
    const category = await callApi(owner, 'POST', '/api/categories', {
      name,
      visibility: 'shared',
    });
    const categoryId = (category.body.payload as { id: string }).id;
    await learner.goto('/app/organize');
    await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(learner.getByText(name)).toHaveCount(0);
    const username = await learner.evaluate(async () => {
      const bearer = `Bearer ${btoa(localStorage.getItem('encodedAccessToken') ?? '')}`;
      const info = await fetch('/api/user/info', { headers: { Authorization: bearer } });
      return ((await info.json()) as { payload: { username: string } }).payload.username;
    });
    const invitation = await callApi(owner, 'POST', `/api/categories/${categoryId}/members`, {
      username,
      role: 'viewer',
    });
    expect(invitation.status).toBe(201);
    const invitationId = (invitation.body.payload as { id: string }).id;
    // Accepted on another of the learner's devices: this page's own requests change nothing.
    expect((await callApi(learner, 'POST', `/api/invitations/${invitationId}/accept`)).status).toBe(
      200,
    );
    await expect(learner.getByText(name).first()).toBeVisible({ timeout: 5000 });
  } finally {
    await closeOwner();
    await closeLearner();
  }
});
