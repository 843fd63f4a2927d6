/** Typed-answer normalisation (SCHEDULER.md "Scoring a typed guess", step 1 and 2). */

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

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

/** Splits a field on `;`, `|` and `/` outside parentheses (a hint may hold a slash). */
export function splitVariants(field: string): string[] {
  const variants: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of field) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === ';' || char === '|' || char === '/')) {
      variants.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  variants.push(current);
  return variants.map((variant) => variant.trim()).filter((variant) => variant.length > 0);
}

/** Printable ASCII: every character is a grapheme of its own. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** User-perceived characters: an accented letter, an emoji or a CJK character is one each. */
export function graphemes(text: string): string[] {
  // The segmenter is the slow part of scoring; most answers need none of it.
  if (PRINTABLE_ASCII.test(text)) return text.split('');
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
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
