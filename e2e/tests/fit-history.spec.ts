import { expect, test } from '@playwright/test';
import { newLearner, signIn } from './session';

/**
 * Settings › learning: the interval preview follows the numbers as they are typed, and "fit to my
 * history" asks the real server (its worker thread) and changes nothing for a new learner.
 */
test('the interval preview redraws as a number is typed; a new learner has no history to fit', async ({
  page,
}) => {
  const { username, email } = newLearner('fit');
  const password = 'juniper lantern quarry';
  const created = await page.request.post('/api/user/create', {
    data: { username, email, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, username, password);
  await page.goto('/app/settings');

  const intervals = page.getByRole('group', { name: 'Intervals' });
  const plot = intervals.getByRole('img', { name: /Days until the next review after each of 10/ });
  await expect(plot).toBeVisible();
  const lastRow = intervals.getByRole('row', { name: /^10 / });
  const before = await lastRow.textContent();
  const line = intervals.locator('path[data-series="all-correct"]');
  const drawn = await line.getAttribute('d');

  const amplitude = page.getByRole('group', { name: 'Elevation gain' }).getByLabel('Amplitude');
  await amplitude.fill('4.5');
  await expect(lastRow).not.toHaveText(before ?? '');
  await expect(line).not.toHaveAttribute('d', drawn ?? '');
  // The plot fits the phone's width: nothing scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(lastRow).toHaveText(before ?? '');

  const fit = page.getByRole('group', { name: 'Fit to my history' });
  await fit.getByRole('button', { name: 'Fit to my history' }).click();
  await expect(
    fit.getByRole('heading', { name: 'Not enough history yet: 0 of 300 reviews' }),
  ).toBeVisible();
  await expect(fit.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await fit.getByRole('button', { name: 'Close' }).click();
  await expect(fit.getByRole('button', { name: 'Fit to my history' })).toBeFocused();
});
