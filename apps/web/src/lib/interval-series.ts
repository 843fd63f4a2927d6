import {
  defaultGradeSettings,
  defaultSchedulerSettings,
  reflowBounds,
  schedulerNumberSettingNames,
  schedulerNumberSettings,
  type GradeSettings,
  type SchedulerNumberSetting,
} from '@glossa/contract';
import { newCardStateV2, reviewV2, type SchedulerSettings } from '@glossa/srs';

/** Answers drawn in the interval preview, and the one the second series misses. */
export const previewAnswers = 10;
export const previewMissAt = 5;

export interface IntervalSeries {
  /** Days until the next review after each answer, all answered right on their due day. */
  allCorrect: number[];
  /** The same run with answer `previewMissAt` missed. */
  withMiss: number[];
}

/**
 * The numbers the curves depend on: all the scheduler's but the passing score (the preview's
 * answers are right or missed, never scored).
 */
const curveSettingNames = schedulerNumberSettingNames.filter(
  (name) => name !== 'guessSuccessMinimumScore',
);

/**
 * The form's scheduler numbers as the engine takes them, or the first one (in the form's order)
 * that is not a number within its bounds, which the preview waits for.
 */
export function previewSettings(
  values: Record<string, unknown>,
): { settings: SchedulerSettings } | { waitingFor: SchedulerNumberSetting } {
  const settings: Record<string, number | boolean> = { ...defaultSchedulerSettings };
  for (const name of curveSettingNames) {
    const value = values[name];
    const { min, max } = schedulerNumberSettings[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      return { waitingFor: name };
    }
    settings[name] = value;
  }
  // Reflow only spreads due days and the preview shows the planned period: its values do not
  // change the curves, so an unfinished reflow value does not hide them.
  settings['isReflowAbsolute'] = values['isReflowAbsolute'] === true;
  settings['reflowValue'] = reflowBounds.relative.min;
  return { settings: settings as SchedulerSettings };
}

/**
 * The periods the engine gives a new card answered on each due day: `previewAnswers` right
 * answers, and the same run with one miss. Pure: time starts at 0 and follows the due dates.
 */
export function intervalSeries(
  settings: SchedulerSettings & Partial<GradeSettings>,
): IntervalSeries {
  // Version 2, as the server schedules (decision 0030): exact answers, one missed; the seven
  // numbers of version 2 are the learner's when given, else the defaults.
  const engine = { ...defaultGradeSettings, ...settings };
  const run = (missAt: number | null) => {
    let state = newCardStateV2();
    let now = 0;
    const periods: number[] = [];
    for (let answer = 1; answer <= previewAnswers; answer++) {
      const result = reviewV2(state, { grade: answer === missAt ? 1 : 3 }, engine, now);
      periods.push(result.period);
      state = result.state;
      now = result.dueAt;
    }
    return periods;
  };
  return { allCorrect: run(null), withMiss: run(previewMissAt) };
}
