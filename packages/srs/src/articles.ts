// Leading articles and the infinitive marker weigh little (docs/scheduler.md "Articles"): "tree"
// for "the tree" is a small slip, and "the orange" for "the apple" earns nothing for "the ".
// The scorer compares what follows them, and a guess whose leading word differs from the
// answer's (one missing, one extra or another one) keeps ARTICLE_WEIGHT of that score.

/** The share of the score a guess keeps when its leading article differs from the answer's. */
export const ARTICLE_WEIGHT = 0.9;

/**
 * Leading words that weigh little, by primary language subtag, in normalised form (lower case,
 * apostrophes as '). A word ending in an apostrophe is elided and joins the next word.
 */
export const leadingArticles: Readonly<Record<string, readonly string[]>> = {
  // The infinitive marker too: "to go".
  en: ['the', 'a', 'an', 'to'],
  fr: ['le', 'la', 'les', "l'", 'un', 'une', 'des'],
  es: ['el', 'la', 'los', 'las', 'lo', 'un', 'una', 'unos', 'unas'],
  de: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines'],
  it: ['il', 'lo', 'la', 'i', 'gli', 'le', "l'", 'un', 'uno', 'una', "un'"],
  pt: ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas'],
  ca: ['el', 'la', 'els', 'les', "l'", 'un', 'una'],
  nl: ['de', 'het', 'een'],
  // Infinitive markers: att, at, å.
  sv: ['en', 'ett', 'att'],
  da: ['en', 'et', 'at'],
  nb: ['en', 'ei', 'et', 'å'],
  no: ['en', 'ei', 'et', 'å'],
  nn: ['ein', 'ei', 'eit', 'å'],
};

export interface LeadingArticle {
  /** The article as it begins the normalised text ("the ", "l'"), or '' for none. */
  prefix: string;
  /** The article word itself ("the", "l'"), '' for none: what two sides compare. */
  word: string;
  /** The rest of the text, what the scorer compares. */
  rest: string;
}

const none = (text: string): LeadingArticle => ({ prefix: '', word: '', rest: text });

/**
 * Splits a normalised text into its leading article and the rest, by the language's list. A text
 * that is only an article keeps it ("the" is then the answer itself), and so does a language
 * without a list.
 */
export function splitLeadingArticle(text: string, language: string | undefined): LeadingArticle {
  const articles = language ? leadingArticles[language.split('-')[0]?.toLowerCase() ?? ''] : null;
  if (!articles) return none(text);
  for (const word of articles) {
    if (!text.startsWith(word)) continue;
    const elided = word.endsWith("'");
    const prefix = elided ? word : `${word} `;
    if (!text.startsWith(prefix)) continue;
    const rest = text.slice(prefix.length).trimStart();
    if (rest.length > 0) return { prefix: text.slice(0, text.length - rest.length), word, rest };
  }
  return none(text);
}

/** How a score reads to the learner (docs/scheduler.md "Feedback wording"). */
export type ScoreBand = 'exact' | 'almost' | 'close' | 'partly' | 'wrong';

/** The lowest score of each failing band; a success is exact (1) or almost. */
export const scoreBandFloors = { close: 0.6, partly: 0.4 } as const;

/**
 * exact: score 1; almost: a success short of 1 (a typo, a missing article, an accent); close: a
 * miss of 60 % or more (a letter or two off); partly: 40 % or more; wrong: below.
 */
export function scoreBand(score: number, success: boolean): ScoreBand {
  if (success) return score >= 1 ? 'exact' : 'almost';
  if (score >= scoreBandFloors.close) return 'close';
  if (score >= scoreBandFloors.partly) return 'partly';
  return 'wrong';
}
