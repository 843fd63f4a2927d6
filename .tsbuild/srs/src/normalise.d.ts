/** Typed-answer normalisation (SCHEDULER.md "Scoring a typed guess", step 1 and 2). */
export interface NormaliseOptions {
    /** BCP 47 code of the card's language, for locale-aware lower case (Turkish İ/ı). */
    language?: string;
    /** Drop parenthesised hints: true for the expected answer, never for the guess. */
    dropHints?: boolean;
}
/**
 * NFC, hints dropped, locale-aware case folding, punctuation stripped except apostrophes inside
 * words, trimmed with single spaces.
 */
export declare function normaliseAnswer(text: string, options?: NormaliseOptions): string;
/** Splits a field on `;`, `|` and `/` outside parentheses (a hint may hold a slash). */
export declare function splitVariants(field: string): string[];
/** User-perceived characters: an accented letter, an emoji or a CJK character is one each. */
export declare function graphemes(text: string): string[];
/** The grapheme without its combining marks (é → e, שָׁ → ש). */
export declare function baseLetters(grapheme: string): string;
/** Whether two graphemes' letters without accents (baseLetters of each) are the same letters. */
export declare function sameBaseLetters(baseA: string, baseB: string): boolean;
/** Two different graphemes that differ only by accents (diacritics). */
export declare function isAccentVariant(a: string, b: string): boolean;
