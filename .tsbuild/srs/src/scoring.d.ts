import { type DiffPart } from './alignment';
export interface ScoreOptions {
    /** The card's language code, for locale-aware lower case (Turkish İ/ı). */
    language?: string;
    /** guessSuccessMinimumScore of the learner. */
    minimumScore?: number;
}
export interface GuessScore {
    score: number;
    success: boolean;
    /** The accepted variant closest to the guess, as written on the card. */
    expected: string;
    diff: DiffPart[];
}
/**
 * Scores a typed guess against a card's accepted answers (each field may hold variants split on
 * `;`, `|` or `/`): the best variant by grapheme OSA Damerau–Levenshtein after normalisation.
 */
export declare function scoreGuess(guess: string, answers: readonly string[], options?: ScoreOptions): GuessScore;
