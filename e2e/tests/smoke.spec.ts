import { expect, test } from '@playwright/test';

test('the home page loads without a console error and names itself Glossa — Home', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle('Glossa — Home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(errors).toEqual([]);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});
