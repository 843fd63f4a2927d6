import { defaultSchedulerSettings } from '@glossa/contract';
import { alignGraphemes, type DiffPart } from './alignment';
import { graphemes, normaliseAnswer, splitVariants } from './normalise';

/** Word-order permutations are tried up to this many words (6! = 720 alignments). */
const MAX_REORDERED_WORDS = 6;

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

function compare(expected: string, typed: string): Candidate {
  const a = graphemes(expected);
  const b = graphemes(typed);
  const longer = Math.max(a.length, b.length);
  const { distance, diff } = alignGraphemes(a, b);
  const score = longer === 0 ? 1 : Math.max(0, 1 - distance / longer);
  return { score, distance, diff };
}

/** The guess as typed, and for multi-word answers also every order of its words. */
function compareWithWordOrder(expected: string, typed: string): Candidate {
  let best = compare(expected, typed);
  const words = typed.split(' ');
  if (best.score === 1 || words.length < 2 || words.length > MAX_REORDERED_WORDS) return best;
  if (!expected.includes(' ')) return best;
  for (const order of permutations(words)) {
    const candidate = compare(expected, order.join(' '));
    if (candidate.score > best.score) best = candidate;
  }
  return best;
}

/**
 * Scores a typed guess against a card's accepted answers (each field may hold variants split on
 * `;`, `|` or `/`): the best variant by grapheme OSA Damerau–Levenshtein after normalisation.
 */
export function scoreGuess(
  guess: string,
  answers: readonly string[],
  options: ScoreOptions = {},
): GuessScore {
  const { language, minimumScore = defaultSchedulerSettings.guessSuccessMinimumScore } = options;
  const typed = normaliseAnswer(guess, { language });
  let best: (Candidate & { expected: string }) | null = null;
  for (const variant of answers.flatMap(splitVariants)) {
    const withoutHints = normaliseAnswer(variant, { language, dropHints: true });
    // A variant that is only a hint ("(to) go" aside) is accepted with the hint's words.
    const expected = withoutHints || normaliseAnswer(variant, { language });
    const candidate = compareWithWordOrder(expected, typed);
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
      diff: graphemes(typed).map((text) => ({ kind: 'extra', text })),
    };
  }
  return {
    score: best.score,
    success: best.score >= minimumScore,
    expected: best.expected,
    diff: best.diff,
  };
}
