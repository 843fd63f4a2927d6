import { defaultSchedulerSettings } from '@glossa/contract';
import { ARTICLE_WEIGHT, splitLeadingArticle } from './articles';
import { apostropheForm, applyConventions, sharpS, type AppliedConvention } from './conventions';
import {
  baseLetters,
  graphemes,
  normaliseAnswer,
  sameBaseLetters,
  splitVariants,
} from './normalise';

// The scorer as it was before its bounds (every variant, every word order, each aligned whole),
// kept for the tests that check the bounded one answers the same within the bounds.

// The alignment as it was, table of floats and all.
const ACCENT_COST = 0.25;

type DiffKind = 'good' | 'wrong' | 'missing' | 'extra' | 'accent';

/** One grapheme of the diff: the expected one, or the typed one when it is extra. */
interface DiffPart {
  kind: DiffKind;
  text: string;
  typed?: string;
}

interface Alignment {
  distance: number;
  diff: DiffPart[];
}

const TOLERANCE = 1e-9;

/**
 * The cost of putting typed grapheme `j` in the place of expected grapheme `i`. Each grapheme's
 * letters without accents are worked out once, not once per pair.
 */
function substitutionCosts(expected: readonly string[], typed: readonly string[]) {
  const expectedBase = expected.map(baseLetters);
  const typedBase = typed.map(baseLetters);
  return (i: number, j: number): number => {
    if (expected[i] === typed[j]) return 0;
    return sameBaseLetters(expectedBase[i] ?? '', typedBase[j] ?? '') ? ACCENT_COST : 1;
  };
}

const sameSequence = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((grapheme, i) => grapheme === b[i]);

/**
 * Optimal-string-alignment Damerau–Levenshtein distance between grapheme sequences (adjacent
 * transpositions cost 1, accent-only substitutions a quarter), with the diff of one optimal
 * alignment read from the expected side.
 */
function alignGraphemes(expected: readonly string[], typed: readonly string[]): Alignment {
  // The common case, a right answer: nothing to align.
  if (sameSequence(expected, typed)) {
    return { distance: 0, diff: expected.map((text) => ({ kind: 'good', text })) };
  }
  const substitutionCost = substitutionCosts(expected, typed);
  const rows = expected.length + 1;
  const cols = typed.length + 1;
  const d = new Float64Array(rows * cols);
  const at = (i: number, j: number) => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    const a = expected[i - 1] ?? '';
    for (let j = 1; j < cols; j++) {
      const b = typed[j - 1] ?? '';
      let best = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + substitutionCost(i - 1, j - 1),
      );
      if (i > 1 && j > 1 && a === typed[j - 2] && expected[i - 2] === b && a !== b) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }

  const diff: DiffPart[] = [];
  let i = expected.length;
  let j = typed.length;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    const a = expected[i - 1] ?? '';
    const b = typed[j - 1] ?? '';
    if (i > 0 && j > 0) {
      const cost = substitutionCost(i - 1, j - 1);
      if (Math.abs(here - (at(i - 1, j - 1) + cost)) < TOLERANCE) {
        diff.push(
          cost === 0
            ? { kind: 'good', text: a }
            : { kind: cost < 1 ? 'accent' : 'wrong', text: a, typed: b },
        );
        i--;
        j--;
        continue;
      }
    }
    if (
      i > 1 &&
      j > 1 &&
      a === typed[j - 2] &&
      expected[i - 2] === b &&
      a !== b &&
      Math.abs(here - (at(i - 2, j - 2) + 1)) < TOLERANCE
    ) {
      diff.push(
        { kind: 'wrong', text: a, typed: b },
        { kind: 'wrong', text: expected[i - 2] ?? '', typed: typed[j - 2] ?? '' },
      );
      i -= 2;
      j -= 2;
      continue;
    }
    if (i > 0 && Math.abs(here - (at(i - 1, j) + 1)) < TOLERANCE) {
      diff.push({ kind: 'missing', text: a });
      i--;
      continue;
    }
    diff.push({ kind: 'extra', text: b });
    j--;
  }
  diff.reverse();
  return { distance: at(expected.length, typed.length), diff };
}

/** Word-order permutations are tried up to this many words (6! = 720 alignments). */
const MAX_REORDERED_WORDS = 6;

interface ScoreOptions {
  /** The card's language code, for locale-aware lower case (Turkish İ/ı). */
  language?: string;
  /** guessSuccessMinimumScore of the learner. */
  minimumScore?: number;
}

interface GuessScore {
  score: number;
  success: boolean;
  /** The accepted variant closest to the guess, as written on the card. */
  expected: string;
  diff: DiffPart[];
  conventions: AppliedConvention[];
}

interface Candidate {
  score: number;
  distance: number;
  diff: DiffPart[];
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const result: T[][] = [];
  items.forEach((item, i) => {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) result.push([item, ...tail]);
  });
  return result;
}

function compare(expected: string, typed: string, penalty: number): Candidate {
  const a = graphemes(expected);
  const b = graphemes(typed);
  const longer = Math.max(a.length, b.length);
  const { distance: edits, diff } = alignGraphemes(a, b);
  const distance = edits + penalty;
  const score = longer === 0 ? (distance > 0 ? 0 : 1) : Math.max(0, 1 - distance / longer);
  return { score, distance, diff };
}

/** The guess as typed, and for multi-word answers also every order of its words. */
function compareWithWordOrder(expected: string, typed: string, penalty: number): Candidate {
  let best = compare(expected, typed, penalty);
  const words = typed.split(' ');
  if (best.score === 1 || words.length < 2 || words.length > MAX_REORDERED_WORDS) return best;
  if (!expected.includes(' ')) return best;
  for (const order of permutations(words)) {
    const candidate = compare(expected, order.join(' '), penalty);
    if (candidate.score > best.score) best = candidate;
  }
  return best;
}

/**
 * Scores a typed guess against a card's accepted answers (each field may hold variants split on
 * `;`, `|` or `/`): the best variant by grapheme OSA Damerau–Levenshtein after normalisation.
 */
export function referenceScoreGuess(
  guess: string,
  answers: readonly string[],
  options: ScoreOptions = {},
): GuessScore {
  const { language, minimumScore = defaultSchedulerSettings.guessSuccessMinimumScore } = options;
  const listed = answers.flatMap(splitVariants);
  // A variant that is only a hint ("(to) go" aside) is accepted with the hint's words.
  const compared = listed.map(
    (variant) =>
      normaliseAnswer(variant, { language, dropHints: true }) ||
      normaliseAnswer(variant, { language }),
  );
  // The typing conventions rewrite the guess before it is compared, the same for every variant.
  const written = applyConventions(normaliseAnswer(guess, { language }), compared, language);
  const typedWhole = written.text;
  const penalty = written.quarters * ACCENT_COST;
  // Leading articles set aside on both sides; a variant whose article differs weighs less.
  const typedArticle = splitLeadingArticle(typedWhole, language);
  const typed = typedArticle.rest;
  let best: (Candidate & { expected: string }) | null = null;
  for (const [index, variant] of listed.entries()) {
    const article = splitLeadingArticle(compared[index] ?? '', language);
    const rest = compareWithWordOrder(article.rest, typed, penalty);
    const weight = article.word === typedArticle.word ? 1 : ARTICLE_WEIGHT;
    const candidate = {
      ...rest,
      score: weight * rest.score,
      diff: [
        ...alignGraphemes(graphemes(article.prefix), graphemes(typedArticle.prefix)).diff,
        ...rest.diff,
      ],
    };
    if (!best || candidate.score > best.score) {
      best = { ...candidate, expected: variant.normalize('NFC') };
    }
    // No later variant can beat a perfect score (the first of equals is kept).
    if (best.score === 1) break;
  }
  if (!best) {
    return {
      score: 0,
      success: false,
      expected: '',
      diff: graphemes(typedWhole).map((text) => ({ kind: 'extra', text })),
      conventions: [],
    };
  }
  return {
    score: best.score,
    success: best.score >= minimumScore,
    expected: best.expected,
    diff: best.diff,
    conventions: [
      ...[apostropheForm(guess, best.expected), sharpS(guess, best.expected, language)].filter(
        (item) => item !== null,
      ),
      ...written.conventions,
    ],
  };
}
