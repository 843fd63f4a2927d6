import { type MemoryParameters } from './memory-model';
import { type CardHistory } from './replay';
/**
 * Below this many reviews (after each card's first) a fit keeps the defaults: SCHEDULER.md's "a few
 * hundred reviews", under which the fitted numbers would follow the noise.
 */
export declare const MIN_FIT_REVIEWS = 300;
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
    candidates: {
        priorWeight: number;
        logLoss: number;
        standardError: number;
    }[];
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
/** Σ ((θ − θ₀) / range)² over the ten parameters: the prior's shape (its scale is the weight). */
export declare function priorDistance(parameters: MemoryParameters, start: MemoryParameters): number;
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
export declare function fitWithPrior(histories: readonly CardHistory[], start: MemoryParameters, options: PriorFitOptions): PriorFit;
/**
 * Fits the ten memory parameters to a learner's log (SCHEDULER.md "Evaluation and fitting"):
 * minimise log loss within the bounds with a Gaussian pull toward `start` (the defaults), the two
 * spans by grid search. The pull's strength is chosen on the reviews after an emulated calendar
 * cut-off (cards begun on random dates, so no card's cut is moved by its own reviews and the
 * held-out reviews are a forecast), where keeping `start` is a candidate too, by the one-standard-error rule (the
 * strongest pull within one standard error of the best): the held-out reviews are few and
 * correlated, and a fit that only ties the start is not worth its risk. The chosen fit is then
 * redone on the whole log. Keeps `start` below `minReviews` reviews.
 */
export declare function fitMemoryParameters(histories: readonly CardHistory[], start: MemoryParameters, options?: FitOptions): FitResult;
