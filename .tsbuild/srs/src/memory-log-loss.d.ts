import { type MemoryParameters } from './memory-model';
import type { CardHistory } from './replay';
/**
 * Total log loss and count of the elevation model replayed over histories, scoring each card from
 * its 0-based position `scoreFrom(card)` (default 1: every review after the first). The state of
 * the reviews before that position carries into the scored ones.
 */
export declare function memoryLogLoss(histories: readonly CardHistory[], parameters: MemoryParameters, scoreFrom?: (card: number) => number, 
/** When given, receives each card's own total (indexed like `histories`). */
perCard?: Float64Array): {
    sum: number;
    count: number;
};
/**
 * Standard error of the difference in mean log loss between two sets of per-card totals over the
 * same `count` reviews, cards as clusters (a card's reviews are not independent of each other).
 */
export declare function standardErrorOfDifference(a: Float64Array, b: Float64Array, reviewsPerCard: Float64Array, count: number): number;
