import { type MemorySettings, type StudyFit } from '@glossa/contract';
import { type CardHistory } from '@glossa/srs';
/**
 * Every card's history packed in three flat arrays, so it crosses to the worker thread without a
 * copy: card c holds the reviews starts[c] … starts[c + 1] − 1.
 */
export interface PackedHistories {
    starts: Uint32Array<ArrayBuffer>;
    elapsedDays: Float64Array<ArrayBuffer>;
    grades: Uint8Array<ArrayBuffer>;
}
export interface FitInput {
    histories: PackedHistories;
    /** The learner's memory numbers now: the "before" of the answer. */
    current: MemorySettings;
    minimumReviews: number;
    maximumFittedReviews: number;
}
export declare function packHistories(histories: readonly CardHistory[]): PackedHistories;
export declare function unpackHistories({ starts, elapsedDays, grades }: PackedHistories): CardHistory[];
/** Reviews a fit learns from: every review of a card after its first. */
export declare function scoredReviews(histories: readonly CardHistory[]): number;
/**
 * Whole cards, picked in a fixed pseudo-random order, until about `maximum` scored reviews: an
 * unbiased sample of a long log that keeps each card's history intact (the model needs it whole).
 */
export declare function sampleHistories(histories: readonly CardHistory[], maximum: number): CardHistory[];
/** A fitted number on its setting's step (what the form shows and saves), inside its bounds. */
export declare function onStep(name: keyof MemorySettings, value: number): number;
export declare function pickMemorySettings(settings: MemorySettings): MemorySettings;
/**
 * The fit answered by POST /api/study/fit. The fitter starts from the defaults and pulls toward
 * them (SCHEDULER.md); the proposal is put on the settings' steps, and both log losses are those
 * of the whole log. A proposal that does not beat the current numbers is the current numbers.
 */
export declare function computeFit(input: FitInput): StudyFit;
