import {
  NEW_CARD_ELEVATION,
  retrievability,
  updateMemory,
  type MemoryParameters,
  type MemoryState,
} from './memory-model';
import { isSuccessfulGrade, type Grade } from './policy';

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
export function replay<S>(
  histories: readonly CardHistory[],
  model: RecallModel<S>,
  options: ReplayOptions = {},
): ReplayPrediction[] {
  const predictions: ReplayPrediction[] = [];
  histories.forEach((history, card) => {
    const first = history[0];
    if (!first) return;
    const from = Math.max(1, options.scoreFrom ? options.scoreFrom(history, card) : 1);
    let state = model.start(first);
    let lapses = 0;
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review) break;
      if (j >= from) {
        predictions.push({
          card,
          reviewNumber: j + 1,
          elapsedDays: review.elapsedDays,
          lapses,
          p: model.predict(state, review.elapsedDays),
          y: isSuccessfulGrade(review.grade) ? 1 : 0,
        });
      }
      state = model.update(state, review);
      if (review.grade === 1 && review.elapsedDays > 0) lapses++;
    }
  });
  return predictions;
}

/** The elevation model as a pass/fail learner (grades ≥ 2 are successes). */
export function elevationRecallModel(parameters: MemoryParameters): RecallModel<MemoryState> {
  return {
    start: (first) =>
      updateMemory(
        { elevation: NEW_CARD_ELEVATION, lapses: 0, reps: 0 },
        null,
        isSuccessfulGrade(first.grade),
        parameters,
      ),
    predict: (state, elapsedDays) => retrievability(elapsedDays, state.elevation),
    update: (state, review) =>
      updateMemory(
        state,
        retrievability(review.elapsedDays, state.elevation),
        isSuccessfulGrade(review.grade),
        parameters,
      ),
  };
}

/** The constant baseline: the same probability for every review. */
export function constantRecallModel(probability: number): RecallModel<null> {
  return { start: () => null, predict: () => probability, update: () => null };
}

/** Share of successes among the reviews after each card's first. */
export function averageRecall(histories: readonly CardHistory[]): number {
  let count = 0;
  let successes = 0;
  for (const history of histories) {
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review) continue;
      count++;
      if (isSuccessfulGrade(review.grade)) successes++;
    }
  }
  return count === 0 ? 0 : successes / count;
}
