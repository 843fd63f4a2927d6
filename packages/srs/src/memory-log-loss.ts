import {
  NEW_CARD_ELEVATION,
  retrievability,
  updateMemory,
  type MemoryParameters,
} from './memory-model';
import { crossEntropy } from './metrics';
import { isSuccessfulGrade } from './policy';
import type { CardHistory } from './replay';

// The fitter's objective: the elevation model's log loss on a learner's log, and how sure a
// difference of two such losses is.

/**
 * Total log loss and count of the elevation model replayed over histories, scoring each card from
 * its 0-based position `scoreFrom(card)` (default 1: every review after the first). The state of
 * the reviews before that position carries into the scored ones.
 */
export function memoryLogLoss(
  histories: readonly CardHistory[],
  parameters: MemoryParameters,
  scoreFrom?: (card: number) => number,
  /** When given, receives each card's own total (indexed like `histories`). */
  perCard?: Float64Array,
): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  histories.forEach((history, card) => {
    const before = sum;
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
        sum += crossEntropy(recall, success);
        count++;
      }
      memory = updateMemory(memory, recall, success, parameters);
    }
    if (perCard) perCard[card] = sum - before;
  });
  return { sum, count };
}

/**
 * Standard error of the difference in mean log loss between two sets of per-card totals over the
 * same `count` reviews, cards as clusters (a card's reviews are not independent of each other).
 */
export function standardErrorOfDifference(
  a: Float64Array,
  b: Float64Array,
  reviewsPerCard: Float64Array,
  count: number,
): number {
  const cards = a.length;
  if (cards < 2 || count === 0) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (let c = 0; c < cards; c++) total += (a[c] ?? 0) - (b[c] ?? 0);
  const mean = total / count;
  let squares = 0;
  for (let c = 0; c < cards; c++) {
    const residual = (a[c] ?? 0) - (b[c] ?? 0) - mean * (reviewsPerCard[c] ?? 0);
    squares += residual * residual;
  }
  return Math.sqrt((cards / (cards - 1)) * squares) / count;
}
