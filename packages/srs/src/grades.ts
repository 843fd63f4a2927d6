import type { SchedulerSettings } from './memory-model';
import { gradeFromScore, type Grade } from './policy';

/** The quick threshold reads the times of the learner's last this many exact answers… */
export const QUICK_WINDOW = 500;
/** …once there are at least this many (before that no answer is quick)… */
export const QUICK_MINIMUM_ANSWERS = 30;
/** …and is this quantile of them: the fastest fifth of their exact answers counts as quick. */
export const QUICK_QUANTILE = 0.2;

/**
 * The learner's quick threshold in ms (docs/scheduler.md "Grades"): the 20th percentile of the answer
 * times of their last 500 exact answers, given oldest first; null below 30 usable times. A time
 * that is not a finite number ≥ 0 (unknown) is skipped. The percentile interpolates linearly
 * between the two nearest order statistics (numpy's default), so it moves smoothly as answers come.
 */
export function quickThresholdMs(exactAnswerTimesMs: readonly (number | null)[]): number | null {
  const times: number[] = [];
  for (let i = exactAnswerTimesMs.length - 1; i >= 0 && times.length < QUICK_WINDOW; i--) {
    const time = exactAnswerTimesMs[i];
    if (typeof time === 'number' && Number.isFinite(time) && time >= 0) times.push(time);
  }
  if (times.length < QUICK_MINIMUM_ANSWERS) return null;
  times.sort((a, b) => a - b);
  const position = QUICK_QUANTILE * (times.length - 1);
  const below = Math.floor(position);
  const low = times[below] ?? 0;
  const high = times[Math.min(times.length - 1, below + 1)] ?? low;
  return low + (position - below) * (high - low);
}

export interface GradedGuess {
  /** The guess's score in [0, 1] (scoreGuess): 1 is exact after normalisation and conventions. */
  score: number;
  /** Time from showing the card to the answer; null when unknown (never quick). */
  elapsedMs: number | null;
}

/**
 * The grade of a typed guess: 1 missed (below guessSuccessMinimumScore), 2 close (a success that
 * is not exact), 3 exact, 4 exact and answered within the learner's quick threshold (null: no
 * threshold yet, so never quick).
 */
export function gradeGuess(
  guess: GradedGuess,
  settings: Pick<SchedulerSettings, 'guessSuccessMinimumScore'>,
  quickThreshold: number | null,
): Grade {
  const grade = gradeFromScore(guess.score, settings);
  if (grade !== 3 || quickThreshold === null || guess.elapsedMs === null) return grade;
  return Number.isFinite(guess.elapsedMs) &&
    guess.elapsedMs >= 0 &&
    guess.elapsedMs <= quickThreshold
    ? 4
    : 3;
}

/** Three grades: quick merged into exact (what a learner without answer times gives). */
export function withoutQuick(grade: Grade): Grade {
  return grade === 4 ? 3 : grade;
}

/** Pass/fail: every success is exact (what version 1 and a pass/fail learner read). */
export function passFailGrade(grade: Grade): Grade {
  return grade === 1 ? 1 : 3;
}
