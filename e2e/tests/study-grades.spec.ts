import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { answerByKeyboard, newSignedInLearner, queueCardIds } from './study';

/**
 * Grades on the study screen (issue 17; decision 0030): an answer with a typo is graded "Close" and
 * shows its interval; choosing "Exact" instead schedules the card again, later.
 */

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

test('a typo is graded close with its interval; changing the grade to exact moves the due date', async ({
  page,
  request,
}) => {
  const api = await newSignedInLearner(page, request, 'grades', { from: 'es', to: 'en' });
  const card = await api.post('/api/cards', {
    front: 'el elefante',
    answers: ['the elephant'],
    fromLanguageCode: 'es',
    toLanguageCode: 'en',
  });
  expect(await queueCardIds(api)).toEqual([card['id']]);

  await page.goto('/app/study');
  await answerByKeyboard(page, 'the elephnt');
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByTestId('answer-grade')).toHaveText('Close');
  const next = result.getByTestId('next-review');
  await expect(next).toHaveText(/^Next in \d+ days? — /);
  const closeDue = await next.locator('time').getAttribute('datetime');
  const closeText = await next.textContent();
  await page.screenshot({ path: `${screenshotDir}study-grade-close.png`, fullPage: true });

  const choice = result.getByRole('group', { name: 'Change the grade' });
  await expect(choice.getByRole('button', { name: 'Close' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await choice.getByRole('button', { name: 'Exact', exact: true }).click();
  await expect(result.getByTestId('answer-grade')).toHaveText('Exact (your choice)');
  await expect(next).not.toHaveText(closeText ?? '');
  const exactDue = await next.locator('time').getAttribute('datetime');
  expect(Date.parse(exactDue ?? '')).toBeGreaterThan(Date.parse(closeDue ?? ''));

  // The server has it: the card's schedule is the exact answer's.
  const schedule = (await api.get(`/api/cards/${String(card['id'])}/schedule`)) as {
    progress: { dueAt: string } | null;
  };
  expect(schedule.progress?.dueAt).toBe(exactDue);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshotDir}study-grade-exact-phone.png`, fullPage: true });
});
