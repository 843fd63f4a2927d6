import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  defaultGradeSettings,
  defaultSchedulerSettings,
  memorySettingNames,
  type StudyFit,
} from '@glossa/contract';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { failure, fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { stubResizeObserver, userFixture } from '../../../test/render';
import { intervalSeries, previewAnswers, previewMissAt } from '../../../lib/interval-series';
import { renderLearningForm } from './learning-settings-test-support';

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

const group = (name: string) => within(screen.getByRole('group', { name }));
const replace = (input: HTMLElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });

/** The preview's numbers as the visually hidden table gives them: [right, missed] per answer. */
function previewTable(): number[][] {
  const table = screen.getByRole('table', { name: 'Days until the next review after each answer' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => Number(cell.textContent)),
    );
}

const linePath = (series: string) =>
  document.querySelector(`path[data-series="${series}"]`)?.getAttribute('d') ?? '';

describe('interval series', () => {
  it('climbs with every right answer and drops after the miss', () => {
    // The form shows the learner's own numbers (the fixture's), not the defaults.
    const own = { ...defaultSchedulerSettings, ...userFixture };
    const { allCorrect, withMiss } = intervalSeries(own);
    expect(allCorrect).toHaveLength(previewAnswers);
    for (let i = 1; i < allCorrect.length; i++) {
      expect(allCorrect[i]).toBeGreaterThanOrEqual(allCorrect[i - 1] ?? 0);
    }
    expect(withMiss.slice(0, previewMissAt - 1)).toEqual(allCorrect.slice(0, previewMissAt - 1));
    expect(withMiss[previewMissAt - 1]).toBeLessThan(allCorrect[previewMissAt - 1] ?? 0);
    expect(allCorrect.at(-1)).toBeGreaterThan(100);
  });
});

describe('interval preview', () => {
  it('draws the engine’s periods, labelled, and redraws as a number is typed', () => {
    fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

    const plot = screen.getByRole('img', { name: /Days until the next review after each of 10/ });
    expect(plot.tagName.toLowerCase()).toBe('svg');
    expect(within(plot).getByText('Answer')).toBeTruthy();
    expect(within(plot).getByText('Days until the next review')).toBeTruthy();
    // The form shows the learner's own numbers (the fixture's), not the defaults.
    const own = { ...defaultSchedulerSettings, ...userFixture };
    const { allCorrect, withMiss } = intervalSeries(own);
    expect(previewTable()).toEqual(allCorrect.map((days, i) => [days, withMiss[i]]));
    const before = { correct: linePath('all-correct'), missed: linePath('with-miss') };

    replace(group('Elevation gain').getByLabelText('Amplitude'), '4');
    const faster = intervalSeries({ ...own, amplitudeElevationGain: 4 });
    expect(previewTable()).toEqual(faster.allCorrect.map((days, i) => [days, faster.withMiss[i]]));
    expect(faster.allCorrect.at(-1)).toBeGreaterThan(allCorrect.at(-1) ?? 0);
    expect(linePath('all-correct')).not.toBe(before.correct);

    replace(group('Elevation depreciation').getByLabelText('Intercept'), '0.6');
    const harsher = intervalSeries({
      ...own,
      amplitudeElevationGain: 4,
      interceptElevationDepreciation: 0.6,
    });
    expect(previewTable().map((row) => row[1])).toEqual(harsher.withMiss);
    expect(linePath('with-miss')).not.toBe(before.missed);
  });

  it('waits for valid numbers, saying which field and taking the learner to it', async () => {
    fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

    const amplitude = group('Elevation gain').getByLabelText('Amplitude');
    replace(amplitude, '9');
    expect(screen.queryByRole('img', { name: /Days until the next review/ })).toBeNull();
    const waiting = group('Intervals').getByRole('status');
    expect(waiting.textContent).toBe(
      'The preview waits for Elevation gain › Amplitude: enter a number from 0 to 5.',
    );
    amplitude.blur();
    await userEvent.click(
      within(waiting).getByRole('button', { name: 'Elevation gain › Amplitude' }),
    );
    expect(document.activeElement).toBe(amplitude);

    // An empty field is waited for the same way; the passing score never hides the curves.
    replace(amplitude, '');
    expect(group('Intervals').getByRole('status').textContent).toContain('Amplitude');
    replace(amplitude, '2');
    replace(screen.getByLabelText(/Minimum similarity to pass/), '');
    expect(screen.getByRole('img', { name: /Days until the next review/ })).toBeTruthy();
  });
});

const fitted = {
  interceptElevationGain: 0.55,
  amplitudeElevationGain: 1.9,
  decayRateElevationGain: 1.25,
  checkpointAmplitudeCoefficientElevationGain: 0.6,
  checkpointSpanElevationGain: 3,
  interceptElevationDepreciation: 0.2,
  amplitudeElevationDepreciation: 0.12,
  decayRateElevationDepreciation: 0.4,
  checkpointAmplitudeCoefficientElevationDepreciation: 1.1,
  checkpointSpanElevationDepreciation: 2,
};

const fitAnswer: StudyFit = {
  reviewCount: 812,
  minimumReviews: 300,
  enoughHistory: true,
  fittedReviewCount: 812,
  logLossBefore: 0.41234,
  logLossAfter: 0.38712,
  settings: fitted,
  gradeSettings: defaultGradeSettings,
};

function stubServer(fit: StudyFit = fitAnswer) {
  return fakeApi()
    .on(api.study.fit, () => ok(fit))
    .on(api.study.scheduler, () => ok(defaultGradeSettings))
    .on(api.study.editScheduler, ({ body }) => ok(body))
    .on(api.user.edit, () => ok({ access: null, refresh: null })).fetch;
}

const callsTo = (fetch: FakeApi['fetch'], url: string) =>
  fetch.mock.calls.filter(([called]) => called === url);

describe('fit to my history', () => {
  it('shows the running fit’s progress, then its answer', async () => {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (finish = resolve));
    fakeApi()
      .on(api.study.fit, async () => {
        await done;
        return ok(fitAnswer);
      })
      .on(api.study.fitProgress, () =>
        ok({ running: true, evaluations: 1234, startedAt: new Date().toISOString() }),
      )
      .on(api.study.scheduler, () => ok(defaultGradeSettings));
    renderLearningForm();
    const panel = group('Fit to my history');
    await userEvent.click(panel.getByRole('button', { name: 'Fit to my history' }));
    expect(
      await panel.findByText('Fitting your history… 1,234 trials of numbers so far.'),
    ).toBeTruthy();
    finish();
    expect(
      await panel.findByRole('heading', { name: 'These numbers fit your answers better' }),
    ).toBeTruthy();
  });

  it('shows the log loss before and after and the numbers; Cancel changes nothing', async () => {
    const fetch = stubServer();
    renderLearningForm();

    const panel = group('Fit to my history');
    await userEvent.click(panel.getByRole('button', { name: 'Fit to my history' }));

    const result = await panel.findByRole('group', {
      name: 'These numbers fit your answers better',
    });
    expect(within(result).getByText('0.4123')).toBeTruthy();
    expect(within(result).getByText(/0\.3871/)).toBeTruthy();
    expect(within(result).getByText('(6.1 % lower)')).toBeTruthy();
    const row = within(result).getByRole('row', { name: /Elevation gain:\s*Amplitude/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2.5', '1.9']);
    await waitFor(() => expect(document.activeElement).toBe(result));

    await userEvent.click(within(result).getByRole('button', { name: 'Cancel' }));
    expect(panel.queryByRole('group', { name: /fit your answers better/ })).toBeNull();
    expect(callsTo(fetch, '/api/user/edit')).toHaveLength(0);
    expect((group('Elevation gain').getByLabelText('Amplitude') as HTMLInputElement).value).toBe(
      '2.5',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(panel.getByRole('button', { name: 'Fit to my history' })),
    );
  });

  it('Apply saves the fitted numbers through /api/user/edit and puts them in the form', async () => {
    const fetch = stubServer();
    renderLearningForm();

    const panel = group('Fit to my history');
    await userEvent.click(panel.getByRole('button', { name: 'Fit to my history' }));
    await userEvent.click(await panel.findByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(callsTo(fetch, '/api/user/edit')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetch, '/api/user/edit')[0]?.[1]?.body)) as unknown;
    expect(body).toEqual({
      interceptElevationGain: 0.55,
      amplitudeElevationGain: 1.9,
      checkpointAmplitudeCoefficientElevationGain: 0.6,
      checkpointSpanElevationGain: 3,
      interceptElevationDepreciation: 0.2,
      checkpointAmplitudeCoefficientElevationDepreciation: 1.1,
    });
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe('The fitted numbers were saved.'),
    );
    expect((group('Elevation gain').getByLabelText('Amplitude') as HTMLInputElement).value).toBe(
      '1.9',
    );
    expect(panel.queryByRole('button', { name: 'Apply' })).toBeNull();
    // Saved: nothing left to save or undo, and the preview shows the fitted numbers.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    const applied = intervalSeries({ ...defaultSchedulerSettings, ...fitted });
    expect(previewTable().map((row) => row[0])).toEqual(applied.allCorrect);
  });

  it('says how far a short history is from the minimum, with nothing to apply', async () => {
    stubServer({
      ...fitAnswer,
      reviewCount: 42,
      enoughHistory: false,
      fittedReviewCount: 0,
      logLossAfter: null,
      settings: Object.fromEntries(
        memorySettingNames.map((name) => [name, defaultSchedulerSettings[name]]),
      ) as StudyFit['settings'],
    });
    renderLearningForm();

    const panel = group('Fit to my history');
    await userEvent.click(panel.getByRole('button', { name: 'Fit to my history' }));
    expect(
      await panel.findByRole('heading', { name: 'Not enough history yet: 42 of 300 reviews' }),
    ).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Apply' })).toBeNull();
    await userEvent.click(panel.getByRole('button', { name: 'Close' }));
    expect(panel.getByRole('button', { name: 'Fit to my history' })).toBeTruthy();
  });

  it('shows a failed fit as an alert and keeps the button', async () => {
    fakeApi().on(api.study.fit, () =>
      failure(429, 'rate_limited', 'Many fits are running: try again in a minute'),
    );
    renderLearningForm();

    const panel = group('Fit to my history');
    await userEvent.click(panel.getByRole('button', { name: 'Fit to my history' }));
    expect((await panel.findByRole('alert')).textContent).toBe(
      'The fit failed: Many fits are running: try again in a minute',
    );
    const button = panel.getByRole('button', { name: 'Fit to my history' });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
