import { memoryV2LogLoss, packHistories, type PackedHistories } from './memory-v2-log-loss';
import {
  memoryV2ParameterNames,
  memoryV2Settings,
  pickMemoryV2Parameters,
  type MemoryV2ParameterName,
  type MemoryV2Parameters,
} from './memory-v2-settings';
import { nelderMeadWithRestarts } from './nelder-mead';
import type { CardHistory } from './replay';

/** Below this many reviews (after each card's first) a fit keeps the start (as version 1). */
export const MIN_FIT_V2_REVIEWS = 300;

/**
 * Reviews replayed over a whole fit by default: about 0.15 µs each on one core, so a fit stays
 * within about 6 s (a learner's 5,000 reviews get 7,000 evaluations, enough to converge).
 */
export const FIT_V2_WORK = 40_000_000;

/** The fifteen continuous numbers; the two spans are chosen on grids. */
export const continuousV2Names = memoryV2ParameterNames.filter(
  (name) =>
    name !== 'checkpointSpanElevationGain' && name !== 'checkpointSpanElevationDepreciation',
);

/**
 * The gain's span only scales the power of its coefficient (coefficient^(height / span)), so a
 * few values reach every rate the coefficient's bounds allow; the depreciation's span sets steps.
 */
const DEFAULT_GAIN_SPANS = [0, 1, 2, 4, 8];
const DEFAULT_DEPRECIATION_SPANS = [0, 1, 1.5, 2, 3, 4, 6, 8];

export interface FitV2Options {
  /** Below this many reviews the start is kept. */
  minReviews?: number;
  /**
   * Strength w of the pull toward the start: w · Σ ((θ − θ₀) / range)² is added to the total log
   * loss, so its share of the objective fades as reviews accumulate.
   */
  priorWeight?: number;
  gainSpans?: readonly number[];
  depreciationSpans?: readonly number[];
  /**
   * Budget of objective evaluations for the whole fit. By default it is the work budget divided by
   * the reviews a replay goes through (2,000 to 30,000), so a fit takes a bounded time on one core
   * whatever the log's length.
   */
  maxEvaluations?: number;
  /** Budget of one Nelder–Mead run before it is restarted from its best point. */
  runEvaluations?: number;
  /** Restarts stop when one improves the mean objective by less than this. */
  tolerance?: number;
  /**
   * Called after every Nelder–Mead run with the evaluations so far and the best objective (mean
   * log loss with the pull), so a worker can report progress.
   */
  onProgress?: (progress: { evaluations: number; value: number }) => void;
}

export interface FitV2Result {
  parameters: MemoryV2Parameters;
  /** False when the start was kept (too few reviews). */
  fitted: boolean;
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  evaluations: number;
  /** Nelder–Mead runs (the first and its restarts, over every round of the spans). */
  runs: number;
  /** Whether the last restart improved by less than the tolerance (not stopped by the budget). */
  converged: boolean;
}

function range(name: MemoryV2ParameterName): number {
  return memoryV2Settings[name].max - memoryV2Settings[name].min;
}

/** Σ ((θ − θ₀) / range)² over the seventeen numbers: the pull's shape. */
export function priorDistanceV2(parameters: MemoryV2Parameters, start: MemoryV2Parameters): number {
  let sum = 0;
  for (const name of memoryV2ParameterNames) {
    sum += ((parameters[name] - start[name]) / range(name)) ** 2;
  }
  return sum;
}

function toUnit(parameters: MemoryV2Parameters): number[] {
  return continuousV2Names.map((name) => {
    const { min } = memoryV2Settings[name];
    return Math.min(1, Math.max(0, (parameters[name] - min) / range(name)));
  });
}

function fromUnit(unit: readonly number[], base: MemoryV2Parameters): MemoryV2Parameters {
  const next = { ...base };
  continuousV2Names.forEach((name, i) => {
    const u = Math.min(1, Math.max(0, unit[i] ?? 0));
    next[name] = memoryV2Settings[name].min + u * range(name);
  });
  return next;
}

/** Mean log loss of version 2 over histories (NaN when nothing is scored). */
export function memoryV2MeanLogLoss(
  histories: readonly CardHistory[] | PackedHistories,
  parameters: MemoryV2Parameters,
): number {
  const packed = 'depth' in histories ? histories : packHistories(histories);
  const { sum, count } = memoryV2LogLoss(packed, parameters);
  return count === 0 ? Number.NaN : sum / count;
}

/**
 * Fits the seventeen numbers of version 2 to a learner's log: minimises (total log loss + the
 * pull) within the bounds by Nelder–Mead on the fifteen continuous numbers, restarted from its
 * best point until a restart gains less than the tolerance; then the two spans on their grids,
 * and again, until the spans stop changing (at most four rounds). Keeps `start` below
 * `minReviews`. Histories may be packed once by the caller (packHistories) to score a part only.
 */
export function fitMemoryV2(
  histories: readonly CardHistory[] | PackedHistories,
  start: MemoryV2Parameters,
  options: FitV2Options = {},
): FitV2Result {
  const {
    minReviews = MIN_FIT_V2_REVIEWS,
    priorWeight = 50,
    gainSpans = DEFAULT_GAIN_SPANS,
    depreciationSpans = DEFAULT_DEPRECIATION_SPANS,
    maxEvaluations: evaluationBudget,
    runEvaluations = 4_000,
    tolerance = 1e-7,
    onProgress,
  } = options;
  const packed = 'depth' in histories ? histories : packHistories(histories);
  const maxEvaluations =
    evaluationBudget ??
    Math.min(30_000, Math.max(2_000, Math.floor(FIT_V2_WORK / Math.max(1, packed.nodes))));
  const base = pickMemoryV2Parameters(start);
  const { sum: startSum, count } = memoryV2LogLoss(packed, base);
  const logLossBefore = count === 0 ? Number.NaN : startSum / count;
  if (count < minReviews || count === 0) {
    return {
      parameters: base,
      fitted: false,
      reviews: count,
      logLossBefore,
      logLossAfter: logLossBefore,
      evaluations: 1,
      runs: 0,
      converged: false,
    };
  }
  let evaluations = 1;
  let runs = 0;
  let converged = false;
  const objective = (parameters: MemoryV2Parameters) =>
    (memoryV2LogLoss(packed, parameters).sum + priorWeight * priorDistanceV2(parameters, base)) /
    count;
  let best = { parameters: base, value: startSum / count };
  for (let round = 0; round < 4 && evaluations < maxEvaluations; round++) {
    const from = best.parameters;
    const descent = nelderMeadWithRestarts((u) => objective(fromUnit(u, from)), toUnit(from), {
      maxEvaluations: maxEvaluations - evaluations,
      runEvaluations,
      tolerance,
      onRun: (progress) =>
        onProgress?.({ evaluations: evaluations + progress.evaluations, value: progress.value }),
    });
    evaluations += descent.evaluations;
    runs += descent.runs;
    converged = descent.converged;
    if (descent.value < best.value) {
      best = { parameters: fromUnit(descent.point, from), value: descent.value };
    }
    let candidate = best;
    for (const gainSpan of gainSpans) {
      for (const depreciationSpan of depreciationSpans) {
        const parameters = {
          ...best.parameters,
          checkpointSpanElevationGain: gainSpan,
          checkpointSpanElevationDepreciation: depreciationSpan,
        };
        const value = objective(parameters);
        evaluations++;
        if (value < candidate.value - tolerance) candidate = { parameters, value };
      }
    }
    if (candidate === best) break;
    best = candidate;
    converged = false;
  }
  return {
    parameters: best.parameters,
    fitted: true,
    reviews: count,
    logLossBefore,
    logLossAfter: memoryV2LogLoss(packed, best.parameters).sum / count,
    evaluations,
    runs,
    converged,
  };
}
