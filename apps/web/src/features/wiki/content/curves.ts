import type { GradeSettings } from '@glossa/contract';
import {
  defaultMemoryV2Parameters,
  newCardState,
  newCardStateV2,
  retrievability,
  review,
  reviewV2,
  stability,
  type CardState,
  type CardStateV2,
  type Grade,
  type SchedulerSettings,
  type SchedulerSettingsV2,
} from '@glossa/srs';
import { previewAnswers } from '../../../lib/interval-series';

// What the scheduler article draws, from the learner's numbers, by the engine itself
// (packages/srs): a card answered right on each due day, its forgetting curve after a chosen
// answer, and the next wait after each grade given on that card's due day.

export interface CardAfter {
  /** Answers given so far (all right, each on its due day). */
  answers: number;
  elevation: number;
  /** Days the card's height stands for (S = 2^E): recall falls to 90 % then. */
  stabilityDays: number;
  /** The wait the scheduler chose after the last answer. */
  period: number;
}

/** A new card after `answers` right answers, each given on its due day (version 1, the server's). */
export function cardAfter(
  settings: SchedulerSettings,
  answers: number,
  grades?: Partial<GradeSettings>,
): CardAfter & {
  state: CardStateV2;
} {
  // Version 2, as the server schedules (decision 0030): exact answers on each due day.
  const v2 = settingsV2(settings, grades);
  let state = newCardStateV2();
  let now = 0;
  let period = 0;
  for (let answer = 1; answer <= answers; answer++) {
    const result = reviewV2(state, { grade: 3 }, v2, now);
    state = result.state;
    period = result.period;
    now = result.dueAt;
  }
  return {
    answers,
    elevation: state.elevation,
    stabilityDays: stability(state.elevation),
    period,
    state,
  };
}

/** Points of the forgetting curve R(t), t from 0 to `days`, in `steps` steps. */
export function recallCurve(
  elevation: number,
  days: number,
  steps = 60,
): { day: number; recall: number }[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const day = (days * i) / steps;
    return { day, recall: retrievability(day, elevation) };
  });
}

export interface GradeWait {
  grade: Grade;
  label: string;
  days: number;
}

const gradeLabels: Record<Grade, string> = {
  1: 'Missed',
  2: 'Close',
  3: 'Exact',
  4: 'Exact and quick',
};

/**
 * Version 1 (the model before decision 0030, kept for comparison), on the same numbers: the wait
 * after a miss and after a right answer given on the due day of the card after `answers` right
 * answers. A close, an exact and a quick answer all count as right.
 */
export function gradeWaitsV1(settings: SchedulerSettings, answers: number): GradeWait[] {
  let state: CardState = newCardState();
  let now = 0;
  for (let answer = 1; answer <= answers; answer++) {
    const result = review(state, { grade: 3 }, settings, now);
    state = result.state;
    now = result.dueAt;
  }
  const card = { state };
  return ([1, 3] as const).map((grade) => ({
    grade,
    label: grade === 1 ? gradeLabels[1] : 'Right (close, exact or quick)',
    days: review(card.state, { grade }, settings, now).period,
  }));
}

/**
 * Version 2's numbers: the learner's fourteen (their ten memory numbers are version 2's since
 * decision 0030) and their seven (GET /api/study/scheduler; the defaults until known).
 */
export function settingsV2(
  settings: SchedulerSettings,
  grades?: Partial<GradeSettings>,
): SchedulerSettingsV2 {
  return { ...defaultMemoryV2Parameters, ...settings, ...grades };
}

/** Version 2: the wait after each of the four grades, on the card after `answers` exact answers. */
export function gradeWaitsV2(
  settings: SchedulerSettings,
  answers: number,
  grades?: Partial<GradeSettings>,
): GradeWait[] {
  const v2 = settingsV2(settings, grades);
  let state: CardStateV2 = newCardStateV2();
  let now = 0;
  for (let answer = 1; answer <= answers; answer++) {
    const result = reviewV2(state, { grade: 3 }, v2, now);
    state = result.state;
    now = result.dueAt;
  }
  return ([1, 2, 3, 4] as const).map((grade) => ({
    grade,
    label: gradeLabels[grade],
    days: reviewV2(state, { grade }, v2, now).period,
  }));
}

export const answersShown = previewAnswers;
