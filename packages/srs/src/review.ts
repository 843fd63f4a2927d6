import {
  DAY_MS,
  predictRecall,
  updateMemory,
  type CardState,
  type SchedulerSettings,
} from './memory-model';
import { gradeFromScore, isSuccessfulGrade, nextPeriod, type Grade } from './policy';
import { reflowPeriod, reflowSeed, type DueLoad } from './reflow';

/** A scored guess (success by guessSuccessMinimumScore) or a grade from an imported log. */
export type ReviewOutcome = { score: number } | { grade: Grade };

/** Reflow needs the card (its seed) and, optionally, the learner's load per day. */
export interface ReflowContext {
  cardId: string;
  dueOn?: DueLoad;
}

export interface ReviewResult {
  state: CardState;
  period: number;
  dueAt: number;
  /** R just before this answer; null on a card's first answer. */
  predictedRecall: number | null;
  success: boolean;
  grade: Grade;
}

export function outcomeGrade(outcome: ReviewOutcome, settings: SchedulerSettings): Grade {
  return 'grade' in outcome ? outcome.grade : gradeFromScore(outcome.score, settings);
}

/**
 * One answer: the memory model moves the elevation, the policy turns it into a period, reflow (when
 * a context is given) moves the due day inside its window. `now` is epoch ms.
 */
export function review(
  state: CardState,
  outcome: ReviewOutcome,
  settings: SchedulerSettings,
  now: number,
  load?: ReflowContext,
): ReviewResult {
  const grade = outcomeGrade(outcome, settings);
  const success = isSuccessfulGrade(grade);
  const predictedRecall = predictRecall(state, now);
  const memory = updateMemory(state, predictedRecall, success, settings);
  const planned = nextPeriod(state.elevation, memory.elevation, success, settings);
  const period = load
    ? reflowPeriod(planned, settings, reflowSeed(load.cardId, memory.reps), load.dueOn)
    : planned;
  const dueAt = now + period * DAY_MS;
  return {
    state: { ...memory, period, lastReviewAt: now, dueAt },
    period,
    dueAt,
    predictedRecall,
    success,
    grade,
  };
}
