/** Typed-answer normalisation (docs/scheduler.md "Scoring a typed guess", step 1 and 2). */

// Graphemes and variants are counted by the contract's limits too: one definition for both.
export { graphemes, splitVariants } from '@glossa/contract';

const PARENTHESISED_HINT = /\([^()]*\)/gu;
const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019\u02bc]/gu;
const PUNCTUATION_BUT_APOSTROPHE = /[^\P{P}']/gu;
const APOSTROPHE_OUTSIDE_WORD = /(?<![\p{L}\p{N}\p{M}])'|'(?![\p{L}\p{N}])/gu;
const COMBINING_MARKS = /\p{M}/gu;

export interface NormaliseOptions {
  /** BCP 47 code of the card's language, for locale-aware lower case (Turkish İ/ı). */
  language?: string;
  /** Drop parenthesised hints: true for the expected answer, never for the guess. */
  dropHints?: boolean;
}

/**
 * Lower case through upper case, so special casings fold too (ß and SS, ᾀ and ἈΙ): a guess typed
 * in capitals scores like the same guess in small letters.
 */
function foldCase(text: string, language: string | undefined): string {
  return language
    ? text.toLocaleUpperCase(language).toLocaleLowerCase(language)
    : text.toUpperCase().toLowerCase();
}

/**
 * NFC, hints dropped, locale-aware case folding, punctuation stripped except apostrophes inside
 * words, trimmed with single spaces.
 */
export function normaliseAnswer(text: string, options: NormaliseOptions = {}): string {
  let result = text.normalize('NFC');
  if (options.dropHints) result = result.replace(PARENTHESISED_HINT, ' ');
  result = foldCase(result, options.language).normalize('NFC');
  result = result
    .replace(TYPOGRAPHIC_APOSTROPHES, "'")
    .replace(PUNCTUATION_BUT_APOSTROPHE, '')
    .replace(APOSTROPHE_OUTSIDE_WORD, '');
  return result.replace(/\s+/gu, ' ').trim();
}

/** The grapheme without its combining marks (é → e, שָׁ → ש). */
export function baseLetters(grapheme: string): string {
  return grapheme.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** Whether two graphemes' letters without accents (baseLetters of each) are the same letters. */
export function sameBaseLetters(baseA: string, baseB: string): boolean {
  return baseA.length > 0 && baseA === baseB;
}

/** Two different graphemes that differ only by accents (diacritics). */
export function isAccentVariant(a: string, b: string): boolean {
  return a !== b && sameBaseLetters(baseLetters(a), baseLetters(b));
}
