import { schedulerNumberSettings } from '@glossa/contract/values';
import {
  memoryParameterNames,
  pickMemoryParameters,
  type MemoryParameterName,
  type MemoryParameters,
} from './memory-model';
import { nelderMead } from './nelder-mead';
import { calendarCuts, type CardHistory } from './replay';
import { memoryLogLoss, standardErrorOfDifference } from './memory-log-loss';

/**
 * Below this many reviews (after each card's first) a fit keeps the defaults: docs/scheduler.md's "a few
 * hundred reviews", under which the fitted numbers would follow the noise.
 */
export const MIN_FIT_REVIEWS = 300;

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

const VALIDATION_SEED = 'fit validation';

/** Both spans are searched on this grid (0 = checkpoints off). */
const DEFAULT_SPAN_GRID = [0, 1, 1.5, 2, 3, 4, 6, 8];

export interface FitOptions {
  /** Below this many reviews (after each card's first) the start is kept. */
  minReviews?: number;
  /**
   * Candidate strengths w of the pull toward the start: a Gaussian prior that adds
   * w · Σ ((θ − θ₀) / range)² to the total log loss (a standard deviation of range / √(2w) for each
   * parameter), so its share of the objective falls as the log grows. With more than one, the
   * strength is chosen on held-out later reviews, where keeping the start is also a candidate: the
   * strongest pull within one standard error of the best held-out log loss wins.
   */
  priorWeights?: readonly number[];
  /**
   * Share of the reviews held out to choose the pull: those after an emulated calendar cut-off
   * (see `calendarCuts`).
   */
  validationShare?: number;
  /** Candidate values of both checkpoint spans (0 = off). */
  spanGrid?: readonly number[];
  /** Budget of objective evaluations for each Nelder–Mead run. */
  maxEvaluations?: number;
}

export interface FitValidation {
  /** The emulated calendar cut-off (`calendarCuts`): the collection's length and the cut-off. */
  collectionDays: number;
  cutOffDay: number;
  /** Held-out reviews scored, and the reviews before them that the candidates were fitted on. */
  heldOutReviews: number;
  fittedReviews: number;
  /** Mean log loss of the held-out reviews with the start… */
  startLogLoss: number;
  /** …and with the fit at each pull strength, strongest first. */
  candidates: { priorWeight: number; logLoss: number; standardError: number }[];
  /**
   * Standard error of the start's difference from the best candidate (0 when the start is the
   * best): the start is kept unless a fit beats it by more than this.
   */
  startStandardError: number;
}

export interface FitResult {
  parameters: MemoryParameters;
  /** False when the start was kept (too few reviews, or no fit validated clearly better). */
  fitted: boolean;
  /** Why the start was kept; null when fitted. */
  keptBecause: 'too-few-reviews' | 'start-validated-best' | null;
  /** The pull strength used; null when the start was kept. */
  priorWeight: number | null;
  reviews: number;
  logLossBefore: number;
  logLossAfter: number;
  evaluations: number;
  /** How the pull was chosen; null when it was not (one candidate, or too few reviews). */
  validation: FitValidation | null;
}

function bounds(name: MemoryParameterName): { min: number; max: number } {
  return schedulerNumberSettings[name];
}

function toUnit(parameters: MemoryParameters): number[] {
  return continuousNames.map((name) => {
    const { min, max } = bounds(name);
    return Math.min(1, Math.max(0, (parameters[name] - min) / (max - min)));
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

/** Σ ((θ − θ₀) / range)² over the ten parameters: the prior's shape (its scale is the weight). */
export function priorDistance(parameters: MemoryParameters, start: MemoryParameters): number {
  return memoryParameterNames.reduce((sum, name) => {
    const { min, max } = bounds(name);
    return sum + ((parameters[name] - start[name]) / (max - min)) ** 2;
  }, 0);
}

export interface PriorFitOptions {
  /** The prior's weight w (see FitOptions.priorWeights); 0 fits the log loss alone. */
  priorWeight: number;
  /** Candidate values of both checkpoint spans (0 = off); empty keeps the start's spans. */
  spanGrid?: readonly number[];
  /** Budget of objective evaluations for each Nelder–Mead run. */
  maxEvaluations?: number;
  /** Fit the log loss of each card's reviews from this 0-based position on (default 1). */
  scoreFrom?: (card: number) => number;
}

export interface PriorFit {
  parameters: MemoryParameters;
  /** Mean log loss of the fitted reviews with the fitted parameters (without the prior). */
  logLoss: number;
  reviews: number;
  evaluations: number;
}

/**
 * One fit at a given pull: minimises (total log loss + w · prior distance) within the bounds by
 * Nelder–Mead on the eight continuous parameters, then a grid search on the two spans and
 * Nelder–Mead again, until the spans stop changing (at most three rounds).
 */
export function fitWithPrior(
  histories: readonly CardHistory[],
  start: MemoryParameters,
  options: PriorFitOptions,
): PriorFit {
  const { priorWeight, spanGrid = DEFAULT_SPAN_GRID, maxEvaluations = 300, scoreFrom } = options;
  const base = pickMemoryParameters(start);
  const { count } = memoryLogLoss(histories, base, scoreFrom);
  if (count === 0) return { parameters: base, logLoss: Number.NaN, reviews: 0, evaluations: 1 };
  const objective = (parameters: MemoryParameters) =>
    (memoryLogLoss(histories, parameters, scoreFrom).sum +
      priorWeight * priorDistance(parameters, base)) /
    count;
  const descend = (from: MemoryParameters) => {
    const result = nelderMead((u) => objective(fromUnit(u, from)), toUnit(from), maxEvaluations);
    return { parameters: fromUnit(result.point, from), value: result.value, n: result.evaluations };
  };
  let best = descend(base);
  let evaluations = best.n + 1;
  for (let round = 0; round < 3 && spanGrid.length > 0; round++) {
    let candidate = best;
    for (const gain of spanGrid) {
      for (const depreciation of spanGrid) {
        const parameters = {
          ...best.parameters,
          checkpointSpanElevationGain: gain,
          checkpointSpanElevationDepreciation: depreciation,
        };
        const value = objective(parameters);
        evaluations++;
        if (value < candidate.value) candidate = { parameters, value, n: 0 };
      }
    }
    if (candidate === best) break;
    const refined = descend(candidate.parameters);
    evaluations += refined.n;
    best = refined.value <= candidate.value ? refined : candidate;
  }
  const fitted = memoryLogLoss(histories, best.parameters, scoreFrom);
  return {
    parameters: best.parameters,
    logLoss: fitted.sum / fitted.count,
    reviews: count,
    evaluations: evaluations + 1,
  };
}

/**
 * Fits the ten memory parameters to a learner's log (docs/scheduler.md "Evaluation and fitting"):
 * minimise log loss within the bounds with a Gaussian pull toward `start` (the defaults), the two
 * spans by grid search. The pull's strength is chosen on the reviews after an emulated calendar
 * cut-off (cards begun on random dates, so no card's cut is moved by its own reviews and the
 * held-out reviews are a forecast), where keeping `start` is a candidate too, by the one-standard-error rule (the
 * strongest pull within one standard error of the best): the held-out reviews are few and
 * correlated, and a fit that only ties the start is not worth its risk. The chosen fit is then
 * redone on the whole log. Keeps `start` below `minReviews` reviews.
 */
export function fitMemoryParameters(
  histories: readonly CardHistory[],
  start: MemoryParameters,
  options: FitOptions = {},
): FitResult {
  const {
    minReviews = MIN_FIT_REVIEWS,
    priorWeights = [30, 300, 3000],
    validationShare = 1 / 3,
    spanGrid = DEFAULT_SPAN_GRID,
    maxEvaluations = 300,
  } = options;
  const base = pickMemoryParameters(start);
  const before = memoryLogLoss(histories, base);
  const logLossBefore = before.count === 0 ? Number.NaN : before.sum / before.count;
  const kept: FitResult = {
    parameters: base,
    fitted: false,
    keptBecause: 'too-few-reviews',
    priorWeight: null,
    reviews: before.count,
    logLossBefore,
    logLossAfter: logLossBefore,
    evaluations: 1,
    validation: null,
  };
  if (before.count < minReviews || priorWeights.length === 0) return kept;

  let evaluations = 1;
  // Without held-out reviews to choose on, the strongest pull is the safe one.
  let chosen = Math.max(...priorWeights);
  let validation: FitValidation | null = null;
  if (priorWeights.length > 1) {
    const {
      cuts: cut,
      collectionDays,
      cutOffDay,
    } = calendarCuts(histories, validationShare, VALIDATION_SEED);
    const inner = histories.map((history, card) => history.slice(0, cut[card]));
    const validate = (parameters: MemoryParameters) => {
      const perCard = new Float64Array(histories.length);
      const { sum } = memoryLogLoss(histories, parameters, (card) => cut[card] ?? 1, perCard);
      return { sum, perCard };
    };
    const reviewsPerCard = Float64Array.from(histories, (history, card) =>
      Math.max(0, history.length - Math.max(1, cut[card] ?? 1)),
    );
    const heldOutReviews = reviewsPerCard.reduce((sum, n) => sum + n, 0);
    const fittedReviews = memoryLogLoss(inner, base).count;
    if (heldOutReviews > 0 && fittedReviews > 0) {
      // From the strongest pull (the start itself) to the weakest.
      const strengths = [Number.POSITIVE_INFINITY, ...[...priorWeights].sort((a, b) => b - a)];
      const scores = strengths.map((weight) => {
        if (weight === Number.POSITIVE_INFINITY) return { weight, ...validate(base) };
        const fit = fitWithPrior(inner, base, { priorWeight: weight, spanGrid, maxEvaluations });
        evaluations += fit.evaluations + 1;
        return { weight, ...validate(fit.parameters) };
      });
      const best = scores.reduce((a, b) => (b.sum < a.sum ? b : a));
      const errors = scores.map((score) =>
        standardErrorOfDifference(score.perCard, best.perCard, reviewsPerCard, heldOutReviews),
      );
      // The one-standard-error rule: the strongest pull whose held-out log loss is within one
      // standard error of the best, so the defaults give way only to a clear improvement.
      const pick =
        scores.find((score, i) => (score.sum - best.sum) / heldOutReviews <= (errors[i] ?? 0)) ??
        best;
      validation = {
        collectionDays,
        cutOffDay,
        heldOutReviews,
        fittedReviews,
        startLogLoss: (scores[0]?.sum ?? Number.NaN) / heldOutReviews,
        startStandardError: errors[0] ?? Number.NaN,
        candidates: scores.slice(1).map((score, i) => ({
          priorWeight: score.weight,
          logLoss: score.sum / heldOutReviews,
          standardError: errors[i + 1] ?? Number.NaN,
        })),
      };
      if (pick.weight === Number.POSITIVE_INFINITY) {
        return { ...kept, keptBecause: 'start-validated-best', evaluations, validation };
      }
      chosen = pick.weight;
    }
  }
  const fit = fitWithPrior(histories, base, { priorWeight: chosen, spanGrid, maxEvaluations });
  return {
    parameters: fit.parameters,
    fitted: true,
    keptBecause: null,
    priorWeight: chosen,
    reviews: before.count,
    logLossBefore,
    logLossAfter: fit.logLoss,
    evaluations: evaluations + fit.evaluations,
    validation,
  };
}
