import {
  NEW_CARD_ELEVATION,
  retrievability,
  updateMemory,
  type MemoryParameters,
  type MemoryState,
} from './memory-model';
import { startMemoryV2, updateMemoryV2, type MemoryV2State } from './memory-model-v2';
import type { MemoryV2Parameters } from './memory-v2-settings';
import { isSuccessfulGrade, type Grade } from './policy';
import { seededRandom } from './reflow';

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

/** Version 2 of the elevation model, reading every grade. */
export function elevationV2RecallModel(parameters: MemoryV2Parameters): RecallModel<MemoryV2State> {
  return {
    start: (first) => startMemoryV2(first.grade, parameters),
    predict: (state, elapsedDays) => retrievability(elapsedDays, state.elevation),
    update: (state, review) =>
      updateMemoryV2(
        state,
        retrievability(review.elapsedDays, state.elevation),
        review.grade,
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

/**
 * 0-based position of the first review that comes more than `days` after the card's first review
 * (the history's length when none does). It reads only the reviews before that position, so a
 * split there never looks at a card's future: how many reviews follow, or how they went.
 */
export function firstReviewAfter(history: CardHistory, days: number): number {
  let age = 0;
  for (let j = 1; j < history.length; j++) {
    age += history[j]?.elapsedDays ?? 0;
    if (age > days) return j;
  }
  return history.length;
}

/** Reviews after each card's first that fall at or after its cut. */
export function reviewsFrom(histories: readonly CardHistory[], cuts: readonly number[]): number {
  return histories.reduce(
    (sum, history, card) => sum + Math.max(0, history.length - Math.max(1, cuts[card] ?? 1)),
    0,
  );
}

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
export function calendarCuts(
  histories: readonly CardHistory[],
  scoredShare: number,
  seed: string,
): CalendarCuts {
  let collectionDays = 0;
  for (const history of histories) {
    let age = 0;
    for (let j = 1; j < history.length; j++) age += history[j]?.elapsedDays ?? 0;
    collectionDays = Math.max(collectionDays, age);
  }
  const began = histories.map((_, card) => seededRandom(`${seed} ${card}`)() * collectionDays);
  const cutsAt = (day: number) =>
    histories.map((history, card) => firstReviewAfter(history, day - (began[card] ?? 0)));
  const total = reviewsFrom(
    histories,
    histories.map(() => 1),
  );
  // A later cut-off leaves fewer reviews after it: bisect on the day.
  let early = 0;
  let late = 2 * collectionDays + 1;
  for (let i = 0; i < 40; i++) {
    const middle = (early + late) / 2;
    if (reviewsFrom(histories, cutsAt(middle)) > scoredShare * total) early = middle;
    else late = middle;
  }
  return { cuts: cutsAt(late), collectionDays, cutOffDay: late };
}
