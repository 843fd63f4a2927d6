import {
  reflowBounds,
  schedulerNumberSettingNames,
  schedulerNumberSettings,
} from '@glossa/contract';
import { newCardState, review, type SchedulerSettings } from '@glossa/srs';

/** Answers drawn in the interval preview, and the one the second series misses. */
export const previewAnswers = 10;
export const previewMissAt = 5;

export interface IntervalSeries {
  /** Days until the next review after each answer, all answered right on their due day. */
  allCorrect: number[];
  /** The same run with answer `previewMissAt` missed. */
  withMiss: number[];
}

/** The form's scheduler numbers as the engine takes them, or null while one is not valid. */
export function previewSettings(values: Record<string, unknown>): SchedulerSettings | null {
  const settings: Record<string, number | boolean> = {};
  for (const name of schedulerNumberSettingNames) {
    const value = values[name];
    const { min, max } = schedulerNumberSettings[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      return null;
    }
    settings[name] = value;
  }
  // Reflow only spreads due days and the preview shows the planned period: its values do not
  // change the curves, so an unfinished reflow value does not hide them.
  settings['isReflowAbsolute'] = values['isReflowAbsolute'] === true;
  settings['reflowValue'] = reflowBounds.relative.min;
  return settings as SchedulerSettings;
}

/**
 * The periods the engine gives a new card answered on each due day: `previewAnswers` right
 * answers, and the same run with one miss. Pure: time starts at 0 and follows the due dates.
 */
export function intervalSeries(settings: SchedulerSettings): IntervalSeries {
  const run = (missAt: number | null) => {
    let state = newCardState();
    let now = 0;
    const periods: number[] = [];
    for (let answer = 1; answer <= previewAnswers; answer++) {
      const result = review(state, { grade: answer === missAt ? 1 : 3 }, settings, now);
      periods.push(result.period);
      state = result.state;
      now = result.dueAt;
    }
    return periods;
  };
  return { allCorrect: run(null), withMiss: run(previewMissAt) };
}
