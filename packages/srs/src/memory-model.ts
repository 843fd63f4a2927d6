import { memorySettingNames, type defaultSchedulerSettings } from '@glossa/contract/values';

/** The scheduler numbers of UserInfo (a UserInfo is accepted as is). */
export type SchedulerSettings = typeof defaultSchedulerSettings;

/** The ten fitted numbers of the memory model (docs/scheduler.md "Memory model"). */
export const memoryParameterNames = memorySettingNames;
export type MemoryParameterName = (typeof memoryParameterNames)[number];
export type MemoryParameters = Pick<SchedulerSettings, MemoryParameterName>;

export const DAY_MS = 86_400_000;
export const MAX_PERIOD_DAYS = 36_500;
export const MIN_ELEVATION = -3;
export const MAX_ELEVATION = Math.log2(MAX_PERIOD_DAYS);
export const NEW_CARD_ELEVATION = -1;
/** Spacing-effect constant κ (fixed, not fitted). */
export const SPACING_KAPPA = 0.796;

const CURVE_FACTOR = 19 / 81;
const SPACING_NORMALISER = Math.exp(0.1 * SPACING_KAPPA) - 1;

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

export function newCardState(): CardState {
  return {
    elevation: NEW_CARD_ELEVATION,
    period: 1,
    lapses: 0,
    reps: 0,
    lastReviewAt: null,
    dueAt: null,
  };
}

export function clampElevation(elevation: number): number {
  return Math.min(MAX_ELEVATION, Math.max(MIN_ELEVATION, elevation));
}

/** Stability in days: S = 2^E. */
export function stability(elevation: number): number {
  return 2 ** elevation;
}

/** FSRS-4.5's forgetting curve: R(t) = (1 + 19/81 · t/S)^(-0.5), so R(S) = 0.9. */
export function forgettingCurve(elapsedDays: number, stabilityDays: number): number {
  return (1 + (CURVE_FACTOR * Math.max(0, elapsedDays)) / stabilityDays) ** -0.5;
}

/** Predicted probability of recall after `elapsedDays` at elevation E. */
export function retrievability(elapsedDays: number, elevation: number): number {
  return forgettingCurve(elapsedDays, stability(elevation));
}

/** σ(R): 1 when reviewed on time (R = 0.9), less when early, more when late. */
export function spacingEffect(recall: number): number {
  return (Math.exp(SPACING_KAPPA * (1 - recall)) - 1) / SPACING_NORMALISER;
}

/** stage_s(E) = floor(max(E, 0) / s); 0 when the span is 0 (checkpoints off). */
export function checkpointStage(elevation: number, span: number): number {
  if (span <= 0) return 0;
  return Math.floor(Math.max(elevation, 0) / span);
}

/**
 * amplitude · coefficient^stage, where a zero amplitude stays zero however large the power grows
 * (a span near 0 makes the stage huge: 0 · ∞ would be NaN in floating point).
 */
function checkpointTerm(amplitude: number, coefficient: number, stage: number): number {
  return amplitude === 0 ? 0 : amplitude * coefficient ** stage;
}

/** G: the elevation a success on time adds (before the spacing effect). */
export function elevationGain(elevation: number, lapses: number, p: MemoryParameters): number {
  return (
    p.interceptElevationGain +
    checkpointTerm(
      p.amplitudeElevationGain * Math.exp(-p.decayRateElevationGain * lapses),
      p.checkpointAmplitudeCoefficientElevationGain,
      checkpointStage(elevation, p.checkpointSpanElevationGain),
    )
  );
}

/** δ: the fraction of its height above the floor that a failure takes away, in [0, 1]. */
export function elevationDepreciation(
  elevation: number,
  lapses: number,
  p: MemoryParameters,
): number {
  const delta =
    p.interceptElevationDepreciation +
    checkpointTerm(
      p.amplitudeElevationDepreciation * Math.exp(-p.decayRateElevationDepreciation * lapses),
      p.checkpointAmplitudeCoefficientElevationDepreciation,
      checkpointStage(elevation, p.checkpointSpanElevationDepreciation),
    );
  return Math.min(1, Math.max(0, delta));
}

/**
 * Applies one answer to the memory. `recall` is R at the moment of the answer; the first answer of
 * a new card has no elapsed time, so it is taken as on time (σ = 1) and never counts as a lapse.
 */
export function updateMemory(
  memory: MemoryState,
  recall: number | null,
  success: boolean,
  p: MemoryParameters,
): MemoryState {
  const { elevation, lapses, reps } = memory;
  if (success) {
    const gain = elevationGain(elevation, lapses, p);
    const sigma = recall === null ? 1 : spacingEffect(recall);
    // No spacing effect (answered at once, R = 1) adds nothing, even for an unbounded gain.
    const next = sigma === 0 ? elevation : elevation + Math.log2(1 + (2 ** gain - 1) * sigma);
    return { elevation: clampElevation(next), lapses, reps: reps + 1 };
  }
  const delta = elevationDepreciation(elevation, lapses, p);
  const next = elevation - delta * (elevation - MIN_ELEVATION);
  return {
    elevation: clampElevation(next),
    lapses: reps === 0 ? lapses : lapses + 1,
    reps: reps + 1,
  };
}

/** R of a card at `now` (epoch ms); null for a card never reviewed. */
export function predictRecall(state: CardState, now: number): number | null {
  if (state.lastReviewAt === null) return null;
  return retrievability((now - state.lastReviewAt) / DAY_MS, state.elevation);
}

export function pickMemoryParameters(settings: MemoryParameters): MemoryParameters {
  return Object.fromEntries(
    memoryParameterNames.map((name) => [name, settings[name]]),
  ) as MemoryParameters;
}
