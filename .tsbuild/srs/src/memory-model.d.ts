import { type defaultSchedulerSettings } from '@glossa/contract';
/** The scheduler numbers of UserInfo (a UserInfo is accepted as is). */
export type SchedulerSettings = typeof defaultSchedulerSettings;
/** The ten fitted numbers of the memory model (SCHEDULER.md "Memory model"). */
export declare const memoryParameterNames: readonly ["interceptElevationGain", "amplitudeElevationGain", "decayRateElevationGain", "checkpointAmplitudeCoefficientElevationGain", "checkpointSpanElevationGain", "interceptElevationDepreciation", "amplitudeElevationDepreciation", "decayRateElevationDepreciation", "checkpointAmplitudeCoefficientElevationDepreciation", "checkpointSpanElevationDepreciation"];
export type MemoryParameterName = (typeof memoryParameterNames)[number];
export type MemoryParameters = Pick<SchedulerSettings, MemoryParameterName>;
export declare const DAY_MS = 86400000;
export declare const MAX_PERIOD_DAYS = 36500;
export declare const MIN_ELEVATION = -3;
export declare const MAX_ELEVATION: number;
export declare const NEW_CARD_ELEVATION = -1;
/** Spacing-effect constant κ (fixed, not fitted). */
export declare const SPACING_KAPPA = 0.796;
/** One card for one learner. Times are epoch milliseconds; null until the first review. */
export interface CardState {
    elevation: number;
    period: number;
    lapses: number;
    reps: number;
    lastReviewAt: number | null;
    dueAt: number | null;
}
/** The part of the state the memory model reads and writes. */
export interface MemoryState {
    elevation: number;
    lapses: number;
    reps: number;
}
export declare function newCardState(): CardState;
export declare function clampElevation(elevation: number): number;
/** Stability in days: S = 2^E. */
export declare function stability(elevation: number): number;
/** FSRS-4.5's forgetting curve: R(t) = (1 + 19/81 · t/S)^(-0.5), so R(S) = 0.9. */
export declare function forgettingCurve(elapsedDays: number, stabilityDays: number): number;
/** Predicted probability of recall after `elapsedDays` at elevation E. */
export declare function retrievability(elapsedDays: number, elevation: number): number;
/** σ(R): 1 when reviewed on time (R = 0.9), less when early, more when late. */
export declare function spacingEffect(recall: number): number;
/** stage_s(E) = floor(max(E, 0) / s); 0 when the span is 0 (checkpoints off). */
export declare function checkpointStage(elevation: number, span: number): number;
/** G: the elevation a success on time adds (before the spacing effect). */
export declare function elevationGain(elevation: number, lapses: number, p: MemoryParameters): number;
/** δ: the fraction of its height above the floor that a failure takes away, in [0, 1]. */
export declare function elevationDepreciation(elevation: number, lapses: number, p: MemoryParameters): number;
/**
 * Applies one answer to the memory. `recall` is R at the moment of the answer; the first answer of
 * a new card has no elapsed time, so it is taken as on time (σ = 1) and never counts as a lapse.
 */
export declare function updateMemory(memory: MemoryState, recall: number | null, success: boolean, p: MemoryParameters): MemoryState;
/** R of a card at `now` (epoch ms); null for a card never reviewed. */
export declare function predictRecall(state: CardState, now: number): number | null;
export declare function pickMemoryParameters(settings: MemoryParameters): MemoryParameters;
