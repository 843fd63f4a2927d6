import { gradeGuess } from './grades';
import { DAY_MS, retrievability, type CardState, type SchedulerSettings } from './memory-model';
import { answerMemoryV2 } from './memory-model-v2';
import type { MemoryV2Parameters } from './memory-v2-settings';
import { isSuccessfulGrade, nextPeriod, type Grade } from './policy';
import { reflowPeriod, reflowSeed } from './reflow';
import type { ReflowContext } from './review';

/** One card for one learner under version 2: version 1's state and the card's difficulty. */
export interface CardStateV2 extends CardState {
  /** Failures, a miss on first sight counting `firstMissDifficulty`; 0 for a new card. */
  difficulty: number;
}

export function newCardStateV2(): CardStateV2 {
  return {
    elevation: 0,
    period: 1,
    lapses: 0,
    difficulty: 0,
    reps: 0,
    lastReviewAt: null,
    dueAt: null,
  };
}

/**
 * A typed guess with its answer time and the learner's quick threshold (quickThresholdMs; null
 * before it exists), or a grade given outright (an override, an imported log).
 */
export type ReviewOutcomeV2 =
  { score: number; elapsedMs: number | null; quickThresholdMs: number | null } | { grade: Grade };

/** The learner's numbers version 2 reads: UserInfo's policy and reflow, and the seventeen. */
export type SchedulerSettingsV2 = Pick<
  SchedulerSettings,
  | 'checkpointAmplitudeCoefficientPeriodGain'
  | 'checkpointSpanPeriodGain'
  | 'checkpointAmplitudeCoefficientPeriodDepreciation'
  | 'checkpointSpanPeriodDepreciation'
  | 'isReflowAbsolute'
  | 'reflowValue'
  | 'guessSuccessMinimumScore'
> &
  MemoryV2Parameters;

export interface ReviewResultV2 {
  state: CardStateV2;
  period: number;
  dueAt: number;
  /** R just before this answer; null on a card's first answer. */
  predictedRecall: number | null;
  success: boolean;
  grade: Grade;
}

export function outcomeGradeV2(outcome: ReviewOutcomeV2, settings: SchedulerSettingsV2): Grade {
  if ('grade' in outcome) return outcome.grade;
  return gradeGuess(outcome, settings, outcome.quickThresholdMs);
}

/**
 * One answer under version 2 at `now` (epoch ms): the grade moves the memory, the policy turns the
 * new elevation into a period, reflow (given a context) moves the due day inside its window.
 */
export function reviewV2(
  state: CardStateV2,
  outcome: ReviewOutcomeV2,
  settings: SchedulerSettingsV2,
  now: number,
  load?: ReflowContext,
): ReviewResultV2 {
  const grade = outcomeGradeV2(outcome, settings);
  const success = isSuccessfulGrade(grade);
  const first = state.reps === 0 || state.lastReviewAt === null;
  const elapsedDays = first ? 0 : Math.max(0, (now - (state.lastReviewAt ?? now)) / DAY_MS);
  const predictedRecall = first ? null : retrievability(elapsedDays, state.elevation);
  const memory = answerMemoryV2(first ? null : state, elapsedDays, grade, settings);
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
