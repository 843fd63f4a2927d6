import { type SchedulerSettings } from './memory-model';
/** 3 exact after normalisation, 2 passing with errors, 1 failure (4 only in imported logs). */
export type Grade = 1 | 2 | 3 | 4;
type PolicySettings = Pick<SchedulerSettings, 'checkpointAmplitudeCoefficientPeriodGain' | 'checkpointSpanPeriodGain' | 'checkpointAmplitudeCoefficientPeriodDepreciation' | 'checkpointSpanPeriodDepreciation'>;
export declare function isSuccessfulScore(score: number, settings: Pick<SchedulerSettings, 'guessSuccessMinimumScore'>): boolean;
/** The grade stored with a scored guess so other models can be evaluated on the log. */
export declare function gradeFromScore(score: number, settings: Pick<SchedulerSettings, 'guessSuccessMinimumScore'>): Grade;
/** A pass/fail learner: every grade from Hard up is a success. */
export declare function isSuccessfulGrade(grade: Grade): boolean;
/**
 * The multiplier M of the period: the period-gain checkpoints of the new elevation, and after a
 * failure also one period-depreciation factor per depreciation checkpoint the fall crossed.
 */
export declare function periodMultiplier(elevationBefore: number, elevationAfter: number, success: boolean, settings: PolicySettings): number;
export declare function clampPeriod(days: number): number;
/** P' = clamp(round(2^E' · M), 1, 36500) whole days. */
export declare function nextPeriod(elevationBefore: number, elevationAfter: number, success: boolean, settings: PolicySettings): number;
export {};
