import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { newLearner, signIn } from './session';
import { answerByKeyboard, apiAs, queueCardIds } from './study';

/**
 * Members join by accepting (issue 14, item 10): the owner invites from the category's members
 * panel, the invitee follows the mail into the app, accepts by keyboard and studies the cards; a
 * declined invitation brings nothing into the decliner's study.
 */

const password = 'violet otter lantern';

async function signUp(request: APIRequestContext, prefix: string) {
  const learner = newLearner(prefix);
  const created = await request.post('/api/user/create', {
    data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return learner;
}

/** Confirms the address with the link of the sign-up mail, so the invitation is mailed too. */
async function verify(request: APIRequestContext, email: string) {
  const mail = await waitForMail(email, /Confirm your e-mail/);
  const token = new URL(linkIn(mail), 'http://x').searchParams.get('token');
  const res = await request.post('/api/user/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('the owner invites, the invitee accepts from the app and studies; a declined one stays out', async ({
  browser,
  request,
}) => {
  const owner = await signUp(request, 'inviter');
  const invitee = await signUp(request, 'invitee');
  const decliner = await signUp(request, 'decliner');
  await verify(request, invitee.email);

  const ownerSide = await newPage(browser);
  const inviteeSide = await newPage(browser);
  const declinerSide = await newPage(browser);
  try {
    await signIn(ownerSide.page, owner.username, password);
    const ownerApi = await apiAs(ownerSide.page, request);
    const categoryId = String(
      (await ownerApi.post('/api/categories', { name: 'Fruit', visibility: 'shared' }))['id'],
    );
    const cardIds: string[] = [];
    for (const [front, answer] of [
      ['la manzana', 'the apple'],
      ['la pera', 'the pear'],
    ]) {
      const card = await ownerApi.post('/api/cards', {
        front,
        answers: [answer],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId,
      });
      cardIds.push(String(card['id']));
    }

    await test.step('the owner invites from the members panel', async () => {
      const { page } = ownerSide;
      await page.goto(`/app/organize/${categoryId}`);
      const form = page.getByRole('form', { name: 'Invite a member' });
      await form.getByLabel('Username').fill(invitee.username);
      await form.getByLabel('Role').selectOption('viewer');
      await form.getByRole('button', { name: 'Invite' }).click();
      const waiting = page.getByRole('list', { name: 'Waiting for an answer' });
      await expect(waiting.getByText(invitee.username)).toBeVisible();
      await expect(
        waiting.getByRole('button', { name: `Cancel the invitation of ${invitee.username}` }),
      ).toBeVisible();
      await expect(page.getByRole('list', { name: 'Members' })).toHaveCount(0);
    });

    await test.step('until accepted, nothing of the category reaches the invitee', async () => {
      const { page } = inviteeSide;
      await signIn(page, invitee.username, password);
      const api = await apiAs(page, request);
      expect(await queueCardIds(api)).toEqual([]);
      await expect(
        page.getByRole('link', { name: '1 invitation waits for your answer' }),
      ).toBeVisible();
    });

    await test.step('the invitee follows the mail and accepts by keyboard', async () => {
      const { page } = inviteeSide;
      const mail = await waitForMail(invitee.email, /invites you to "Fruit"/);
      expect(mail.text).toContain(owner.username);
      await page.goto(linkIn(mail));
      const panel = page.getByRole('region', { name: 'Invitations' });
      await expect(panel.getByText(`${owner.username}`)).toBeVisible();
      await expect(panel.getByText('2 cards')).toBeVisible();
      const accept = panel.getByRole('button', { name: 'Accept the invitation to Fruit' });
      await expect(accept).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'You joined Fruit' })).toBeVisible();
      await expect(panel).toHaveCount(0);
      await expect(page.getByRole('link', { name: /invitations? waits?/ })).toHaveCount(0);
      const api = await apiAs(page, request);
      expect((await queueCardIds(api, categoryId)).sort()).toEqual([...cardIds].sort());
    });

    await test.step('the invitee studies the category’s cards', async () => {
      const { page } = inviteeSide;
      await page.goto('/app/study');
      await expect(page.getByRole('heading', { level: 1, name: 'Study' })).toBeVisible();
      const front = await page
        .getByRole('region', { name: 'Card' })
        .locator('p[lang="es"]')
        .textContent();
      await answerByKeyboard(page, front?.includes('manzana') ? 'the apple' : 'the pear');
      await expect(
        page.getByRole('region', { name: 'Result' }).getByText('Exactly right — score 100%'),
      ).toBeVisible();
    });

    await test.step('the owner sees the member; a declined invitation leaves no member', async () => {
      const { page } = ownerSide;
      await page.reload();
      await expect(
        page.getByRole('list', { name: 'Members' }).getByText(invitee.username, { exact: true }),
      ).toBeVisible();
      await ownerApi.post(`/api/categories/${categoryId}/members`, {
        username: decliner.username,
        role: 'editor',
      });

      const other = declinerSide.page;
      await signIn(other, decliner.username, password);
      await other.getByRole('link', { name: '1 invitation waits for your answer' }).click();
      const panel = other.getByRole('region', { name: 'Invitations' });
      await expect(panel).toBeFocused();
      await panel.getByRole('button', { name: 'Decline the invitation to Fruit' }).click();
      await expect(
        other.getByRole('status').filter({ hasText: 'You declined the invitation to Fruit' }),
      ).toBeVisible();
      const api = await apiAs(other, request);
      expect(await queueCardIds(api)).toEqual([]);
      const tree = (await api.get('/api/categories')) as { items: unknown[] };
      expect(tree.items).toEqual([]);

      await page.reload();
      await expect(page.getByRole('list', { name: 'Waiting for an answer' })).toHaveCount(0);
      await expect(
        page.getByRole('list', { name: 'Members' }).getByText(decliner.username, { exact: true }),
      ).toHaveCount(0);
    });
  } finally {
    await Promise.all([ownerSide, inviteeSide, declinerSide].map((side) => side.context.close()));
  }
});
