import { checkpointStage, MAX_PERIOD_DAYS, type SchedulerSettings } from './memory-model';

/** 3 exact after normalisation, 2 passing with errors, 1 failure (4 only in imported logs). */
export type Grade = 1 | 2 | 3 | 4;

type PolicySettings = Pick<
  SchedulerSettings,
  | 'checkpointAmplitudeCoefficientPeriodGain'
  | 'checkpointSpanPeriodGain'
  | 'checkpointAmplitudeCoefficientPeriodDepreciation'
  | 'checkpointSpanPeriodDepreciation'
>;

export function isSuccessfulScore(
  score: number,
  settings: Pick<SchedulerSettings, 'guessSuccessMinimumScore'>,
): boolean {
  return score >= settings.guessSuccessMinimumScore;
}

/** The grade stored with a scored guess so other models can be evaluated on the log. */
export function gradeFromScore(
  score: number,
  settings: Pick<SchedulerSettings, 'guessSuccessMinimumScore'>,
): Grade {
  if (!isSuccessfulScore(score, settings)) return 1;
  return score >= 1 ? 3 : 2;
}

/** A pass/fail learner: every grade from Hard up is a success. */
export function isSuccessfulGrade(grade: Grade): boolean {
  return grade >= 2;
}

/**
 * The multiplier M of the period: the period-gain checkpoints of the new elevation, and after a
 * failure also one period-depreciation factor per depreciation checkpoint the fall crossed.
 */
export function periodMultiplier(
  elevationBefore: number,
  elevationAfter: number,
  success: boolean,
  settings: PolicySettings,
): number {
  const gain =
    settings.checkpointAmplitudeCoefficientPeriodGain **
    checkpointStage(elevationAfter, settings.checkpointSpanPeriodGain);
  if (success) return gain;
  const crossed = Math.max(
    0,
    checkpointStage(elevationBefore, settings.checkpointSpanPeriodDepreciation) -
      checkpointStage(elevationAfter, settings.checkpointSpanPeriodDepreciation),
  );
  return gain * settings.checkpointAmplitudeCoefficientPeriodDepreciation ** crossed;
}

export function clampPeriod(days: number): number {
  return Math.min(MAX_PERIOD_DAYS, Math.max(1, Math.round(days)));
}

/** P' = clamp(round(2^E' · M), 1, 36500) whole days. */
export function nextPeriod(
  elevationBefore: number,
  elevationAfter: number,
  success: boolean,
  settings: PolicySettings,
): number {
  const multiplier = periodMultiplier(elevationBefore, elevationAfter, success, settings);
  return clampPeriod(2 ** elevationAfter * multiplier);
}
