import { schedulerNumberSettings } from '@glossa/contract';
import {
  NEW_CARD_ELEVATION,
  memoryParameterNames,
  pickMemoryParameters,
  retrievability,
  updateMemory,
  type MemoryParameterName,
  type MemoryParameters,
} from './memory-model';
import { isSuccessfulGrade } from './policy';
import { nelderMead } from './nelder-mead';
import type { CardHistory } from './replay';

/** The eight continuous parameters; the two spans are chosen by grid search. */
const continuousNames = [
  'interceptElevationGain',
  'amplitudeElevationGain',
  'decayRateElevationGain',
  'checkpointAmplitudeCoefficientElevationGain',
  'interceptElevationDepreciation',
  'amplitudeElevationDepreciation',
  'decayRateElevationDepreciation',
  'checkpointAmplitudeCoefficientElevationDepreciation',
] as const satisfies readonly MemoryParameterName[];

const EPSILON = 2.220446049250313e-16;

export interface FitOptions {
  /** Below this many reviews (after each card's first) the defaults are kept. */
  minReviews?: number;
  /**
   * Candidate strengths of the pull toward the start, in reviews' worth of log loss per squared
   * unit of each parameter's range. With more than one, the strength is chosen on a time-ordered
   * validation split, and the start itself is a candidate.
   */
  priorWeights?: readonly number[];
  /** Share of each card's reviews (the latest) held out to choose the pull. */
  validationShare?: number;
  /** Candidate values of both checkpoint spans (0 = off). */
  spanGrid?: readonly number[];
  /** Budget of objective evaluations for each Nelder–Mead run. */
  maxEvaluations?: number;
}

export interface FitResult {
  parameters: MemoryParameters;
  /** False when the start was kept (too few reviews, or it validated best). */
  fitted: boolean;
  /** The pull strength used; null when the start was kept. */
  priorWeight: number | null;
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  evaluations: number;
}

/**
 * Total log loss and count of the elevation model replayed over histories, scoring each card from
 * its 0-based position `scoreFrom(card)` (default 1: every review after the first).
 */
export function memoryLogLoss(
  histories: readonly CardHistory[],
  parameters: MemoryParameters,
  scoreFrom?: (card: number) => number,
): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  histories.forEach((history, card) => {
    const first = history[0];
    if (!first) return;
    const from = scoreFrom ? scoreFrom(card) : 1;
    let memory = updateMemory(
      { elevation: NEW_CARD_ELEVATION, lapses: 0, reps: 0 },
      null,
      isSuccessfulGrade(first.grade),
      parameters,
    );
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review) break;
      const recall = retrievability(review.elapsedDays, memory.elevation);
      const success = isSuccessfulGrade(review.grade);
      if (j >= from) {
        const clipped = Math.min(1 - EPSILON, Math.max(EPSILON, recall));
        sum -= Math.log(success ? clipped : 1 - clipped);
        count++;
      }
      memory = updateMemory(memory, recall, success, parameters);
    }
  });
  return { sum, count };
}

function bounds(name: MemoryParameterName): { min: number; max: number } {
  return schedulerNumberSettings[name];
}

function toUnit(parameters: MemoryParameters): number[] {
  return continuousNames.map((name) => {
    const { min, max } = bounds(name);
    return (parameters[name] - min) / (max - min);
  });
}

function fromUnit(unit: readonly number[], base: MemoryParameters): MemoryParameters {
  const next = { ...base };
  continuousNames.forEach((name, i) => {
    const { min, max } = bounds(name);
    const u = Math.min(1, Math.max(0, unit[i] ?? 0));
    next[name] = min + u * (max - min);
  });
  return next;
}

function pull(parameters: MemoryParameters, start: MemoryParameters): number {
  return memoryParameterNames.reduce((sum, name) => {
    const { min, max } = bounds(name);
    return sum + ((parameters[name] - start[name]) / (max - min)) ** 2;
  }, 0);
}

interface PulledFit {
  parameters: MemoryParameters;
  evaluations: number;
}

/**
 * Minimises (total log loss + weight · pull) within the bounds: Nelder–Mead on the eight continuous
 * parameters, a grid search on the two spans, Nelder–Mead again.
 */
function fitWithPull(
  histories: readonly CardHistory[],
  start: MemoryParameters,
  weight: number,
  spanGrid: readonly number[],
  maxEvaluations: number,
): PulledFit {
  const { count } = memoryLogLoss(histories, start);
  const objective = (parameters: MemoryParameters) =>
    (memoryLogLoss(histories, parameters).sum + weight * pull(parameters, start)) / count;
  const first = nelderMead((u) => objective(fromUnit(u, start)), toUnit(start), maxEvaluations);
  let current = fromUnit(first.point, start);
  let evaluations = first.evaluations + 1;
  let best = { value: Number.POSITIVE_INFINITY, parameters: current };
  for (const gain of spanGrid) {
    for (const depreciation of spanGrid) {
      const candidate = {
        ...current,
        checkpointSpanElevationGain: gain,
        checkpointSpanElevationDepreciation: depreciation,
      };
      const value = objective(candidate);
      evaluations++;
      if (value < best.value) best = { value, parameters: candidate };
    }
  }
  current = best.parameters;
  const second = nelderMead(
    (u) => objective(fromUnit(u, current)),
    toUnit(current),
    maxEvaluations,
  );
  return {
    parameters: fromUnit(second.point, current),
    evaluations: evaluations + second.evaluations,
  };
}

/**
 * Fits the ten memory parameters to a learner's log: minimise log loss within the bounds with a
 * quadratic pull toward `start` (the defaults), the two spans by grid search. The pull's strength
 * is chosen on the latest reviews of each card (held out, time-ordered), where keeping `start` is
 * also a candidate; then the chosen fit is redone on the whole log. Keeps `start` when the log has
 * fewer than `minReviews` reviews.
 */
export function fitMemoryParameters(
  histories: readonly CardHistory[],
  start: MemoryParameters,
  options: FitOptions = {},
): FitResult {
  const {
    minReviews = 300,
    priorWeights = [300, 3000, 30000],
    validationShare = 1 / 3,
    spanGrid = [0, 1, 1.5, 2, 3, 4, 6, 8],
    maxEvaluations = 200,
  } = options;
  const base = pickMemoryParameters(start);
  const before = memoryLogLoss(histories, base);
  const logLossBefore = before.count === 0 ? Number.NaN : before.sum / before.count;
  const kept: FitResult = {
    parameters: base,
    fitted: false,
    priorWeight: null,
    reviews: before.count,
    logLossBefore,
    logLossAfter: logLossBefore,
    evaluations: 1,
  };
  if (before.count < minReviews || priorWeights.length === 0) return kept;

  let evaluations = 1;
  let chosen = priorWeights[0] ?? 0;
  if (priorWeights.length > 1) {
    const cut = histories.map((history) => {
      const labelled = history.length - 1;
      return 1 + labelled - Math.floor(labelled * validationShare);
    });
    const inner = histories.map((history, card) => history.slice(0, cut[card]));
    const validate = (parameters: MemoryParameters) =>
      memoryLogLoss(histories, parameters, (card) => cut[card] ?? 1).sum;
    let best = { value: validate(base), weight: Number.NaN };
    for (const weight of priorWeights) {
      const fit = fitWithPull(inner, base, weight, spanGrid, maxEvaluations);
      evaluations += fit.evaluations + 1;
      const value = validate(fit.parameters);
      if (value < best.value) best = { value, weight };
    }
    if (Number.isNaN(best.weight)) return { ...kept, evaluations };
    chosen = best.weight;
  }
  const fit = fitWithPull(histories, base, chosen, spanGrid, maxEvaluations);
  const after = memoryLogLoss(histories, fit.parameters);
  return {
    parameters: fit.parameters,
    fitted: true,
    priorWeight: chosen,
    reviews: before.count,
    logLossBefore,
    logLossAfter: after.sum / after.count,
    evaluations: evaluations + fit.evaluations,
  };
}
