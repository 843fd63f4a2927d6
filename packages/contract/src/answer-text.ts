// How answers and guesses are counted: in grapheme clusters (what a reader calls a character: an
// accented letter, an emoji, a CJK character), as the scorer (packages/srs) compares them. The
// limits of cards and guesses are in these units, so that they bound the scorer's work whatever
// the script (docs/limits.md).

/** Made on first use: making it loads the locale's data, a cost every page would pay at start. */
let graphemeSegmenter: Intl.Segmenter | undefined;

/**
 * Text in which every code point is a grapheme of its own: printable ASCII, Latin-1 and the Latin
 * extensions, IPA, Greek and Cyrillic letters, kana without the combining sound marks, CJK
 * ideographs and punctuation, full-width forms. None of these joins a neighbour (no combining
 * mark, joiner, Hangul jamo, regional indicator or prepended sign), so the segmenter, the slow
 * part of scoring, is needed only for the rest.
 */
const ONE_CODE_POINT_EACH =
  /^[\x20-\x7e\u00a0-\u02af\u0370-\u0482\u048a-\u052f\u3000-\u3029\u3030-\u3096\u309b-\u30ff\u4e00-\u9fff\uff01-\uff5e]*$/u;

/** User-perceived characters: an accented letter, an emoji or a CJK character is one each. */
export function graphemes(text: string): string[] {
  if (ONE_CODE_POINT_EACH.test(text)) return Array.from(text);
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

/**
 * The characters the scorer compares of an answer or a guess: its grapheme clusters once in lower
 * case (where ß becomes ss and ﬃ ffi, so those count twice or three times). Normalising further
 * (punctuation, hints, spaces) only shortens it.
 */
export function scoredLength(text: string): number {
  return graphemes(text.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC')).length;
}

/** Splits an answer on `;`, `|` and `/` outside parentheses (a hint may hold a slash). */
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

/** The accepted variants of a card's answers, all answers together. */
export const countVariants = (answers: readonly string[]): number =>
  answers.reduce((sum, answer) => sum + splitVariants(answer).length, 0);
