import { cardLimits, defaultSchedulerSettings, studyLimits } from '@glossa/contract/values';
import { alignGraphemes, type DiffPart } from './alignment';
import { ARTICLE_WEIGHT, splitLeadingArticle, type LeadingArticle } from './articles';
import { apostropheForm, applyConventions, sharpS, type AppliedConvention } from './conventions';
import {
  bagQuarters,
  distanceQuarters,
  GraphemeCodes,
  QUARTERS,
  Rows,
  type Coded,
} from './distance';
import { graphemes, normaliseAnswer, splitVariants } from './normalise';
import {
  eachOrder,
  inOrder,
  joinCoded,
  orderRank,
  splitCoded,
  typedGuess,
  type TypedGuess,
} from './typed-guess';
import { matchedOrder, searchWordOrders } from './word-order';

/** Word-order permutations are tried up to this many words (6! = 720 orders). */
const MAX_REORDERED_WORDS = 6;
/** Variants (the most promising first) measured in the order matching their words, budget or not. */
const MATCHED_ORDERS = 4;

/**
 * What one guess's scoring looks at, whatever it is given: the contract's limits (in the
 * graphemes the scorer compares, so an answer within them is never cut), which bound cards saved
 * before them too, and a budget of table cells for trying word orders (about a millisecond on
 * the test machine). Within the budget the score is that of trying every variant and every word
 * order; past it, the best found so far counts, which always includes each variant as typed and
 * the order matching the words of the most promising few (docs/limits.md,
 * bench/scoring.bench.ts).
 */
export const scoringBounds = {
  guessGraphemes: studyLimits.guessMax,
  variantGraphemes: cardLimits.answerMax,
  variants: cardLimits.variantsMax,
  wordOrderCells: 60_000,
} as const;

export interface ScoreOptions {
  /** The card's language code, for locale-aware lower case (Turkish İ/ı). */
  language?: string;
  /** guessSuccessMinimumScore of the learner. */
  minimumScore?: number;
  /** Table cells the word-order search may fill (scoringBounds.wordOrderCells; tests vary it). */
  wordOrderCells?: number;
}

export interface GuessScore {
  score: number;
  success: boolean;
  /** The accepted variant closest to the guess, as written on the card. */
  expected: string;
  diff: DiffPart[];
  /**
   * The typing conventions read in the guess (conventions.ts), for the feedback; always given
   * by scoreGuess (optional for scores made before them).
   */
  conventions?: AppliedConvention[];
}

/**
 * 1 − distance / longer length, as a score (never below 0), times the variant's weight
 * (ARTICLE_WEIGHT when its leading article is not the guess's, else 1); `penalty` quarter edits
 * (the typing conventions that cost a quarter) are added to the distance.
 */
function scoreOf(quarters: number, longer: number, weight = 1, penalty = 0): number {
  const distance = quarters + penalty;
  return (
    weight * (longer === 0 ? (distance > 0 ? 0 : 1) : Math.max(0, 1 - distance / QUARTERS / longer))
  );
}

/**
 * The smallest distance (quarter edits) whose score is `floor` or less when `strict`, less than
 * `floor` when not: from it on, a candidate cannot beat a best of `floor` (strict), or reach a
 * score known to be reachable (not strict). Worked out on the score itself, so rounding agrees.
 */
function cutoffFor(
  floor: number,
  longer: number,
  strict: boolean,
  weight: number,
  penalty: number,
): number {
  const loses = (quarters: number) => {
    const score = scoreOf(quarters, longer, weight, penalty);
    return strict ? score <= floor : score < floor;
  };
  const most = QUARTERS * longer;
  if (!loses(most)) return Infinity;
  let quarters = Math.max(0, Math.floor((1 - floor / weight) * most) - 1 - penalty);
  while (quarters > 0 && loses(quarters - 1)) quarters -= 1;
  while (!loses(quarters)) quarters += 1;
  return quarters;
}

/**
 * A candidate answer: a variant (its index) and an order of the guess's words (rank -1: as typed,
 * else its place among every order). The scorer before bounds tried variants in order, each as
 * typed then in every order, and kept the first of the best: the best is the highest score, then
 * the lowest index, then the lowest rank, whatever order candidates are measured in.
 */
interface Candidate {
  score: number;
  index: number;
  rank: number;
  order: readonly number[] | null;
}

const beats = (a: Candidate, b: Candidate | null) =>
  !b ||
  a.score > b.score ||
  (a.score === b.score && (a.index < b.index || (a.index === b.index && a.rank < b.rank)));

/** A variant as the scorer compares it. */
interface Variant {
  index: number;
  /** As written on the card. */
  text: string;
  graphemes: string[];
  coded: Coded;
  longer: number;
  /** Its words may be matched in another order. */
  reorderable: boolean;
  /** The fewest quarter edits of any order of the guess against it (bagQuarters). */
  bag: number;
  /** Its leading article, set aside (articles.ts). */
  article: LeadingArticle;
  /** ARTICLE_WEIGHT when its article is not the guess's, else 1. */
  weight: number;
  /** Quarter edits the guess's typing conventions cost (the same for every variant). */
  penalty: number;
}

/** The distance tables' memory, reused by every scoring (scoring never runs two at once). */
const sharedRows = new Rows();

class Scoring {
  best: Candidate | null = null;
  readonly codes = new GraphemeCodes();
  readonly rows = sharedRows;
  readonly budget: { cells: number };

  constructor(wordOrderCells: number) {
    this.budget = { cells: wordOrderCells };
  }

  /**
   * Distances (quarter edits) from this on cannot make a candidate of `variant` the best: a
   * score below the best's, or equal to it after the best (a later variant) in the listing.
   */
  cutoff(variant: Variant): number {
    if (!this.best) return Infinity;
    return cutoffFor(
      this.best.score,
      variant.longer,
      variant.index > this.best.index,
      variant.weight,
      variant.penalty,
    );
  }

  /** Whether some order of the guess could still make the variant the best (bagQuarters). */
  couldWin(variant: Variant): boolean {
    return variant.bag < this.cutoff(variant);
  }

  /** Measures one order of the guess (null: as typed) against the variant; keeps it if best. */
  measure(variant: Variant, typed: Coded, order: readonly number[] | null): number {
    const cutoff = this.cutoff(variant);
    const { quarters } = distanceQuarters(this.rows, typed, variant.coded, cutoff);
    if (quarters >= cutoff) return -1;
    const score = scoreOf(quarters, variant.longer, variant.weight, variant.penalty);
    this.offer({
      score,
      index: variant.index,
      rank: order ? orderRank(order) : -1,
      order: order && [...order],
    });
    return score;
  }

  offer(candidate: Candidate): void {
    if (beats(candidate, this.best)) this.best = candidate;
  }
}

/** A variant normalised as compared: hints dropped, or only a hint's words ("(to) go" aside). */
function comparedText(variant: string, language: string | undefined): string {
  return (
    normaliseAnswer(variant, { language, dropHints: true }) ||
    normaliseAnswer(variant, { language })
  );
}

function prepare(
  variant: string,
  compared: string,
  index: number,
  typed: TypedGuess,
  guessArticle: LeadingArticle,
  language: string | undefined,
  scoring: Scoring,
  penalty: number,
): Variant {
  // A variant that is only a hint ("(to) go" aside) is accepted with the hint's words.
  const article = splitLeadingArticle(compared, language);
  const whole = graphemes(article.rest);
  const cut = whole.slice(0, scoringBounds.variantGraphemes);
  const coded = scoring.codes.encode(cut);
  return {
    index,
    text: variant.normalize('NFC'),
    graphemes: cut,
    coded,
    longer: Math.max(typed.graphemes.length, cut.length),
    reorderable:
      typed.words.length >= 2 &&
      typed.words.length <= MAX_REORDERED_WORDS &&
      cut.join('').includes(' '),
    bag: bagQuarters(typed.coded, coded, scoring.codes.baseCount),
    article,
    weight: article.word === guessArticle.word ? 1 : ARTICLE_WEIGHT,
    penalty,
  };
}

/**
 * Every order of the guess's words against one variant, in the listing's order, as far as the
 * budget goes: a tree of orders sharing their beginnings, pruned by the best so far (word-order.ts),
 * or, for words that join spaces, each order cut into graphemes whole.
 */
function searchOrders(variant: Variant, typed: TypedGuess, scoring: Scoring): void {
  const { budget, rows } = scoring;
  if (!typed.codedWords) {
    eachOrder(typed.words.length, (order) => {
      if (budget.cells <= 0) return false;
      const permuted = scoring.codes.encode(graphemes(inOrder(typed.words, order)));
      budget.cells -= permuted.codes.length * (variant.coded.codes.length + 1);
      scoring.measure(variant, permuted, order);
      return true;
    });
    return;
  }
  let cutoff = scoring.cutoff(variant);
  searchWordOrders({
    rows,
    expected: variant.coded,
    words: typed.codedWords,
    texts: typed.words,
    space: typed.space,
    cutoff: () => cutoff,
    found: (order, quarters) => {
      const score = scoreOf(quarters, variant.longer, variant.weight, variant.penalty);
      scoring.offer({ score, index: variant.index, rank: orderRank(order), order: [...order] });
      cutoff = scoring.cutoff(variant);
    },
    budget,
  });
}

/**
 * Scores a typed guess against a card's accepted answers (each field may hold variants split on
 * `;`, `|` or `/`): the best variant by grapheme OSA Damerau–Levenshtein after normalisation,
 * multi-word answers also trying every order of the guess's words; the first of equals wins
 * (variants in order, each as typed before its reorderings). Each variant is measured as typed
 * first; then the orders, the most promising variant first, so that the best known prunes the
 * others; each alignment stops as soon as it cannot win, a variant no order of the guess could
 * make the best is left whole, and only the winner is aligned whole, for its diff.
 */
export function scoreGuess(
  guess: string,
  answers: readonly string[],
  options: ScoreOptions = {},
): GuessScore {
  const {
    language,
    minimumScore = defaultSchedulerSettings.guessSuccessMinimumScore,
    wordOrderCells = scoringBounds.wordOrderCells,
  } = options;
  const scoring = new Scoring(wordOrderCells);
  const listed = answers.flatMap(splitVariants).slice(0, scoringBounds.variants);
  const compared = listed.map((variant) => comparedText(variant, language));
  // The typing conventions of the answer's language, read before the distance (conventions.ts).
  const written = applyConventions(normaliseAnswer(guess, { language }), compared, language);
  const guessArticle = splitLeadingArticle(written.text, language);
  const typed = typedGuess(
    guessArticle.rest,
    { graphemesMax: scoringBounds.guessGraphemes },
    scoring.codes,
  );
  const variants = listed.map((variant, index) =>
    prepare(
      variant,
      compared[index] ?? '',
      index,
      typed,
      guessArticle,
      language,
      scoring,
      written.quarters,
    ),
  );

  // Each variant as typed, in order (one that cannot win in any order is not aligned).
  const reorderable: Variant[] = [];
  for (const variant of variants) {
    if (!scoring.couldWin(variant)) continue;
    const asTyped = scoring.measure(variant, typed.coded, null);
    // A variant matched exactly as typed is never beaten by an order of it.
    if (variant.reorderable && asTyped !== 1) reorderable.push(variant);
  }
  // Then their orders, the variants that could score highest first, so that the best found
  // prunes the others: the order matching their words for the first few, every order within
  // the budget.
  const most = (variant: Variant) =>
    scoreOf(variant.bag, variant.longer, variant.weight, variant.penalty);
  reorderable.sort((a, b) => most(b) - most(a) || a.index - b.index);
  let matched = 0;
  for (const variant of reorderable) {
    if (!scoring.couldWin(variant)) continue;
    if (typed.codedWords && matched < MATCHED_ORDERS) {
      matched += 1;
      const order = matchedOrder(typed.codedWords, splitCoded(variant.coded, typed.space.code));
      if (order.some((item, k) => item !== k)) {
        scoring.measure(variant, joinCoded(typed.codedWords, order, typed.space), order);
      }
    }
    if (scoring.budget.cells > 0) searchOrders(variant, typed, scoring);
  }

  const { best } = scoring;
  const variant = best && variants[best.index];
  const typedArticle = graphemes(guessArticle.prefix);
  if (!best || !variant) {
    return {
      score: 0,
      success: false,
      expected: '',
      diff: [...typedArticle, ...typed.graphemes].map((text) => ({ kind: 'extra', text })),
      conventions: [],
    };
  }
  const shown = best.order ? graphemes(inOrder(typed.words, best.order)) : typed.graphemes;
  // Conventions the normalisation reads already (every apostrophe form as ', ß as ss), named.
  const read = [apostropheForm(guess, variant.text), sharpS(guess, variant.text, language)];
  // The articles aligned on their own, then the rest as scored.
  return {
    score: best.score,
    success: best.score >= minimumScore,
    expected: variant.text,
    diff: [
      ...alignGraphemes(graphemes(variant.article.prefix), typedArticle).diff,
      ...alignGraphemes(variant.graphemes, shown).diff,
    ],
    conventions: [...read.filter((item) => item !== null), ...written.conventions],
  };
}
