import { type MemoryParameters, type MemoryState } from './memory-model';
import { type Grade } from './policy';
/** One review of a card's history: days since the card's previous review (0 for the first). */
export interface HistoryReview {
    elapsedDays: number;
    grade: Grade;
}
/** A card's reviews in time order. */
export type CardHistory = readonly HistoryReview[];
/** A model of recall replayed over histories: the elevation model, FSRS, a constant… */
export interface RecallModel<S> {
    start(first: HistoryReview): S;
    predict(state: S, elapsedDays: number): number;
    update(state: S, review: HistoryReview): S;
}
/** The prediction for one review after a card's first, from the state before it. */
export interface ReplayPrediction {
    card: number;
    /** 1-based position of the review in its card (srs-benchmark's `i`): 2 for the second. */
    reviewNumber: number;
    elapsedDays: number;
    /** Earlier failures after the first review (srs-benchmark's lapse count for RMSE bins). */
    lapses: number;
    p: number;
    y: 0 | 1;
}
export interface ReplayOptions {
    /** 0-based position of the first review of each card whose prediction is kept (default 1). */
    scoreFrom?: (history: CardHistory, card: number) => number;
}
/** Replays every card: predict R before each review, then apply its outcome. */
export declare function replay<S>(histories: readonly CardHistory[], model: RecallModel<S>, options?: ReplayOptions): ReplayPrediction[];
/** The elevation model as a pass/fail learner (grades ≥ 2 are successes). */
export declare function elevationRecallModel(parameters: MemoryParameters): RecallModel<MemoryState>;
/** The constant baseline: the same probability for every review. */
export declare function constantRecallModel(probability: number): RecallModel<null>;
/** Share of successes among the reviews after each card's first. */
export declare function averageRecall(histories: readonly CardHistory[]): number;
/**
 * 0-based position of the first review that comes more than `days` after the card's first review
 * (the history's length when none does). It reads only the reviews before that position, so a
 * split there never looks at a card's future: how many reviews follow, or how they went.
 */
export declare function firstReviewAfter(history: CardHistory, days: number): number;
/** Reviews after each card's first that fall at or after its cut. */
export declare function reviewsFrom(histories: readonly CardHistory[], cuts: readonly number[]): number;
export interface CalendarCuts {
    /** 0-based position of each card's first review after the cut-off. */
    cuts: number[];
    /** The emulated collection's length: the longest card history, the least it can have lasted. */
    collectionDays: number;
    /** Day of the collection at which it is cut. */
    cutOffDay: number;
}
/**
 * A calendar cut-off emulated without calendar time. Card `c` is taken to have begun on day
 * `u_c · collectionDays`, `u_c` uniform in [0, 1) from a generator seeded by `seed` and the card's
 * position alone; the cut-off day is chosen so that about `scoredShare` of the reviews after each
 * card's first come after it. A card begun after the cut-off is scored from its second review.
 * Nothing in a card's reviews moves its own cut, so what comes after it is a forecast.
 */
export declare function calendarCuts(histories: readonly CardHistory[], scoredShare: number, seed: string): CalendarCuts;
