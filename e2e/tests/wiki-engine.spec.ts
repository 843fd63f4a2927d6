import { expect, test, type Locator, type Page } from '@playwright/test';
import { newLearner, signIn } from './session';
import { answerByKeyboard, apiAs, queueCardIds } from './study';

/**
 * The wiki against the engine (issue 17, Proof): the scoring playground gives a guess the score and
 * the grade the server gave the same guess in a real review, and the scheduler article's live
 * curves follow the numbers the learner saves in settings.
 */

const password = 'marble heron thimble';

async function newSignedInLearner(page: Page, prefix: string) {
  const learner = newLearner(prefix);
  const created = await page.request.post('/api/user/create', {
    data: { ...learner, password, defaultFromLanguageCode: 'es', toLanguageCode: 'en' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn(page, learner.username, password);
}

/** The study screen's grade words and the playground's, for the server's grade. */
const studyGrade = { 1: 'Missed', 2: 'Close', 3: 'Exact', 4: 'Exact and quick' } as const;
type Grade = keyof typeof studyGrade;

interface ServerReview {
  score: number;
  success: boolean;
  grade: Grade;
}

/** `grade`, `named`: what the study screen must show, so each case tests what it is for. */
const cases: {
  front: string;
  from: string;
  to: string;
  expected: string;
  guess: string;
  grade?: Grade;
  named?: boolean;
}[] = [
  // The accent left out, as on a keyboard without French letters.
  { front: 'the coffee', from: 'en', to: 'fr', expected: 'le café', guess: 'le cafe' },
  // A one-letter typo: close.
  {
    front: 'el elefante',
    from: 'es',
    to: 'en',
    expected: 'the elephant',
    guess: 'the elephnt',
    grade: 2,
  },
  // A transcription the scorer names in the feedback (ss for ß).
  {
    front: 'the street',
    from: 'en',
    to: 'de',
    expected: 'die Straße',
    guess: 'die Strasse',
    named: true,
  },
];

test('the wiki playground scores as the server does', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await newSignedInLearner(page, 'wikeng');
  const api = await apiAs(page, request);

  for (const item of cases) {
    await test.step(`“${item.guess}” for “${item.expected}”`, async () => {
      // A real review through the study screen; the server's answer is read off the wire.
      const card = await api.post('/api/cards', {
        front: item.front,
        answers: [item.expected],
        fromLanguageCode: item.from,
        toLanguageCode: item.to,
      });
      expect(await queueCardIds(api)).toEqual([card['id']]);
      await page.goto('/app/study');
      const reviewed = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/study/reviews',
      );
      await answerByKeyboard(page, item.guess);
      const response = await reviewed;
      expect(response.status(), await response.text()).toBe(200);
      const server = ((await response.json()) as { payload: ServerReview }).payload;

      // What the study screen shows is the server's score and grade.
      const result = page.getByRole('region', { name: 'Result' });
      await expect(result.getByText(/— score \d+%/)).toContainText(
        `score ${Math.round(server.score * 100)}%`,
      );
      await expect(result.getByTestId('answer-grade')).toHaveText(studyGrade[server.grade]);
      const studyVerdict = (await result.getByText(/— score \d+%/).innerText())
        .replace(/^[✓✗]\s*/, '')
        .split(' — ')[0];
      const studyConventions = result.getByTestId('answer-conventions');
      const conventionsText =
        (await studyConventions.count()) > 0 ? await studyConventions.innerText() : null;
      if (item.grade) expect(server.grade).toBe(item.grade);
      if (item.named) expect(conventionsText).not.toBeNull();

      // The playground, on this device, at the learner's own pass mark: the same numbers.
      await page.goto('/app/wiki/studying-and-scoring#try-it-the-scoring-playground');
      const playground = page.getByTestId('playground');
      await expect(playground.getByText(/^Pass mark: \d+ % \(yours\)$/)).toBeVisible();
      await playground.getByLabel('Language of the answer').selectOption(item.to);
      await playground.getByLabel('Expected answer').fill(item.expected);
      await playground.getByLabel('Your guess').fill(item.guess);
      await expect(playground.getByTestId('playground-score')).toHaveText(
        `${Math.round(server.score * 1000) / 10} %`,
      );
      await expect(playground.getByTestId('playground-grade')).toHaveText(
        `${server.grade} · ${studyGrade[server.grade].toLowerCase()}`,
      );
      await expect(playground.getByTestId('playground-verdict')).toHaveText(studyVerdict ?? '');
      await expect(playground.getByTestId('playground-verdict')).toHaveAttribute(
        'data-success',
        String(server.success),
      );
      if (conventionsText === null) {
        await expect(playground.getByTestId('answer-conventions')).toHaveCount(0);
      } else {
        await expect(playground.getByTestId('answer-conventions')).toHaveText(conventionsText);
      }
    });
  }
  expect(errors).toEqual([]);
});

/** One row of a table inside `scope`, the table by its caption, the row by its header. */
const tableRow = (scope: Locator, table: string | RegExp, row: RegExp) =>
  scope.getByRole('table', { name: table }).getByRole('row', { name: row });

test('the curves follow a setting', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await newSignedInLearner(page, 'wikcur');

  const openCurves = async () => {
    await page.goto('/app/wiki/scheduler');
    const curves = page.getByTestId('curves');
    await expect(curves.getByTestId('curves-source')).toHaveText('Drawn from your own numbers.');
    return curves;
  };
  const tenth = (scope: Locator) =>
    tableRow(scope, 'Days until the next review after each answer', /^10 /);
  const closeWait = (curves: Locator) =>
    tableRow(curves, /^Version 2/, /^Close /).getByRole('cell');

  let curves = await openCurves();
  const tenthBefore = (await tenth(curves).textContent()) ?? '';

  await test.step('one of the fourteen numbers, saved in settings, moves the curve', async () => {
    await page.goto('/app/settings');
    const form = page.getByRole('form', { name: 'Learning settings' });
    await form.getByRole('group', { name: 'Elevation gain' }).getByLabel('Amplitude').fill('1');
    // The settings' own preview, with the number typed: what the wiki should draw once saved.
    const preview = form.getByRole('group', { name: 'Intervals' });
    await expect(tenth(preview)).not.toHaveText(tenthBefore);
    const tenthPreviewed = (await tenth(preview).textContent()) ?? '';
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your learning settings were saved.' }),
    ).toBeVisible();

    curves = await openCurves();
    await expect(tenth(curves)).toHaveText(tenthPreviewed);
    await expect(tenth(curves)).not.toHaveText(tenthBefore);
  });

  await test.step('one of the seven grade numbers, saved in settings, moves the close wait', async () => {
    const closeBefore = (await closeWait(curves).textContent()) ?? '';
    await page.goto('/app/settings');
    const grades = page.getByRole('form', { name: 'Grades' });
    await grades.getByLabel('Lift of a close answer').fill('1');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/study/scheduler',
    );
    await grades.getByRole('button', { name: 'Save grade numbers' }).click();
    expect((await saved).status()).toBe(200);
    await expect(
      page.getByRole('status').filter({ hasText: 'Grade numbers saved.' }),
    ).toBeVisible();

    curves = await openCurves();
    await expect(closeWait(curves)).not.toHaveText(closeBefore);
  });
  expect(errors).toEqual([]);
});
