import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';

export interface Api {
  get(path: string): Promise<Record<string, unknown>>;
  post(path: string, data: unknown): Promise<Record<string, unknown>>;
}

/** Calls the API as the signed-in learner of `page` (its stored access token). */
export async function apiAs(page: Page, request: APIRequestContext): Promise<Api> {
  const token = await page.evaluate(() => localStorage.getItem('encodedAccessToken'));
  if (!token) throw new Error('No access token in the page');
  const headers = { Authorization: `Bearer ${Buffer.from(token).toString('base64')}` };
  const payloadOf = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    const text = await response.text();
    expect(response.ok(), text).toBe(true);
    return (JSON.parse(text) as { payload: Record<string, unknown> }).payload;
  };
  return {
    get: async (path) => payloadOf(await request.get(path, { headers })),
    post: async (path, data) => payloadOf(await request.post(path, { headers, data })),
  };
}

/**
 * A new learner made through the API, learning `from` → `to`, signed in on `page`: their API.
 */
export async function newSignedInLearner(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  { from = 'de', to = 'en' }: { from?: string; to?: string } = {},
): Promise<Api> {
  const { username, email } = newLearner(prefix);
  const password = 'tangerine gecko quarry';
  const created = await request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: from, toLanguageCode: to },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, username, password);
  return apiAs(page, request);
}

/** The cards the server would have the learner study now (everything, or one category). */
export async function queueCardIds(api: Api, categoryId?: string): Promise<string[]> {
  const query = categoryId ? `?categoryId=${categoryId}` : '';
  const queue = (await api.get(`/api/study/queue${query}`)) as { items: { cardId: string }[] };
  return queue.items.map((item) => item.cardId);
}

export const answerField = (page: Page) => page.getByRole('textbox', { name: /^Your answer in/ });

/** Types the answer into the focused field and presses Enter; waits for the verdict. */
export async function answerByKeyboard(page: Page, text: string): Promise<void> {
  await expect(answerField(page)).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
}
