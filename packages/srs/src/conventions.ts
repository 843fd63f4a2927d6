import type { AppliedConvention } from '@glossa/contract';
import type * as OpenccCore from 'opencc-js/core';
import type { DictGroup } from 'opencc-js/core';
import type * as Wanakana from 'wanakana';
import { graphemes } from './normalise';

// Typing conventions (docs/scheduler.md "Scoring a typed guess", step 4; docs/decisions/0029):
// what a learner types on a keyboard without the answer's layout is not a mistake. Before the
// distance, each word of the normalised guess is read against the answer's words: where the guess
// wrote a letter by a convention of the ANSWER's language (ae for ä, е for ё, hiragana for
// katakana…), the guess is rewritten to the answer's letter and the convention is named. Free
// conventions cost nothing; the others a quarter of an edit, once per word of the guess (a run of
// Chinese or Japanese characters is one word), added to the distance by the scorer.
//
// The tables of kana, of simplified and traditional characters and of British and American
// spellings come from maintained libraries (wanakana, opencc-js, american-british-english-
// translator), loaded on demand by loadConventions: the web app's first JavaScript does not carry
// them. A language whose tables are not loaded yet scores without those conventions.

/** A convention the scorer applied to the guess ("written with ae for ä"): the contract's. */
export type { AppliedConvention };
export type ConventionKind = AppliedConvention['kind'];

interface Fold {
  pieces: string[];
  kind: ConventionKind;
  cost: 'free' | 'quarter';
  /** Read only one way: the guess may write the answer's ä as ae, not an answer's ae as ä. */
  oneWay?: boolean;
}

/** How one grapheme is folded on one side: the answer's (expected) or the guess's (typed). */
type Folder = (grapheme: string, side: 'expected' | 'typed') => Fold | null;

interface LoadedTables {
  kana?: { isKatakana(text: string): boolean; toHiragana(text: string): string };
  /** Any Chinese text to simplified characters (opencc-js, Taiwan and Hong Kong forms too). */
  simplify?: (text: string) => string;
  regional?: { toBritish: Record<string, string>; toAmerican: Record<string, string> };
}

const tables: LoadedTables = {};

const primary = (language: string | undefined) => language?.split('-')[0]?.toLowerCase() ?? '';

/** Which tables a language needs: kana for Japanese, characters for Chinese, spellings for English. */
function needs(language: string | undefined): Array<keyof LoadedTables> {
  const code = primary(language);
  if (code === 'ja') return ['kana'];
  if (code === 'zh') return ['simplify'];
  if (code === 'en') return ['regional'];
  return language ? [] : ['kana', 'simplify', 'regional'];
}

const loading = new Map<keyof LoadedTables, Promise<void>>();

async function loadTable(table: keyof LoadedTables): Promise<void> {
  await loadTableOnly(table);
  // Folds read the tables: those made without them are forgotten.
  foldCaches.clear();
}

async function loadTableOnly(table: keyof LoadedTables): Promise<void> {
  if (table === 'kana') {
    const wanakana = await import('wanakana');
    tables.kana = {
      isKatakana: (text) => wanakana.isKatakana(text),
      toHiragana: (text) => wanakana.toHiragana(text, { passRomaji: true }),
    };
  } else if (table === 'simplify') {
    const [core, fromTw, fromHk, toCn] = await Promise.all([
      import('opencc-js/core'),
      import('opencc-js/from/tw'),
      import('opencc-js/from/hk'),
      import('opencc-js/to/cn'),
    ]);
    tables.simplify = simplifier(
      core.ConverterFactory,
      fromTw.default,
      fromHk.default,
      toCn.default,
    );
  } else {
    const [american, british] = await Promise.all([
      import('american-british-english-translator/data/american_spellings.json'),
      import('american-british-english-translator/data/british_spellings.json'),
    ]);
    tables.regional = {
      toBritish: american.default as Record<string, string>,
      toAmerican: british.default as Record<string, string>,
    };
  }
}

type Require = (id: string) => unknown;
let nodeRequire: Require | null | undefined;

/**
 * Node's require where there is one (the server and its worker threads, tests), found without
 * importing node:module, so that the browser's bundle does not carry it: there the tables load
 * by import() (loadConventions).
 */
function requireHere(): Require | null {
  if (nodeRequire === undefined) {
    const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
      .process;
    const module = host?.getBuiltinModule?.('node:module') as
      { createRequire(from: string): Require } | undefined;
    nodeRequire = module ? module.createRequire(import.meta.url) : null;
  }
  return nodeRequire;
}

const tried = new Set<keyof LoadedTables>();

/**
 * Under Node, the tables a language needs are read on first use, at once (require), so the server
 * scores with them in whichever thread scores; a table that fails to load is not tried again.
 */
function loadTablesHere(language: string | undefined): void {
  for (const table of needs(language)) {
    if (tables[table] || tried.has(table)) continue;
    tried.add(table);
    const load = requireHere();
    if (!load) return;
    try {
      if (table === 'kana') {
        const wanakana = load('wanakana') as typeof Wanakana;
        tables.kana = {
          isKatakana: (text) => wanakana.isKatakana(text),
          toHiragana: (text) => wanakana.toHiragana(text, { passRomaji: true }),
        };
      } else if (table === 'simplify') {
        const core = load('opencc-js/core') as typeof OpenccCore;
        const dicts = (id: string) => (load(id) as { default: DictGroup[] }).default;
        tables.simplify = simplifier(
          core.ConverterFactory,
          dicts('opencc-js/from/tw'),
          dicts('opencc-js/from/hk'),
          dicts('opencc-js/to/cn'),
        );
      } else {
        tables.regional = {
          toBritish: load(AMERICAN_SPELLINGS) as Record<string, string>,
          toAmerican: load(BRITISH_SPELLINGS) as Record<string, string>,
        };
      }
      foldCaches.clear();
    } catch {
      // Scored without this table, as in a browser that has not loaded it yet.
    }
  }
}

/** Any Chinese text to simplified characters, Taiwan and Hong Kong forms included. */
function simplifier(
  factory: typeof OpenccCore.ConverterFactory,
  fromTaiwan: DictGroup[],
  fromHongKong: DictGroup[],
  toMainland: DictGroup[],
): (text: string) => string {
  const taiwan = factory(fromTaiwan, toMainland);
  const hongKong = factory(fromHongKong, toMainland);
  return (text) => hongKong(taiwan(text));
}

const AMERICAN_SPELLINGS = 'american-british-english-translator/data/american_spellings.json';
const BRITISH_SPELLINGS = 'american-british-english-translator/data/british_spellings.json';

/**
 * Loads the tables the conventions of `language` need (every table without a language): the
 * server loads them all at start, the web app before it scores a card of that language.
 */
export function loadConventions(language?: string): Promise<void> {
  // Under Node they are read at once; the browser imports them as chunks of their own.
  loadTablesHere(language);
  return Promise.all(
    needs(language).map((table) => {
      if (tables[table]) return undefined;
      let promise = loading.get(table);
      if (!promise) {
        promise = loadTable(table).catch((error: unknown) => {
          loading.delete(table);
          throw error;
        });
        loading.set(table, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

/** Whether the tables `language` needs are loaded (scoring without them skips those conventions). */
export function conventionsLoaded(language?: string): boolean {
  return needs(language).every((table) => tables[table] !== undefined);
}

// The letters of the conventions themselves (docs/scheduler.md step 4), by the answer's language.
const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const DANISH_NORWEGIAN: Record<string, string> = { å: 'aa', æ: 'ae', ø: 'oe' };
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ĳ: 'ij' };
const ARABIC_ALEFS = /[أإآٱ]/u;
/** Arabic harakat, superscript alef and Quranic marks (the tatweel is dropped by normalise). */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/gu;
/** Hebrew niqqud and cantillation (points, dagesh, shin and sin dots). */
const HEBREW_MARKS = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]/gu;

const fold = (pieces: string[], kind: ConventionKind, cost: Fold['cost'] = 'free'): Fold => ({
  pieces,
  kind,
  cost,
});

/**
 * A letter written with its transcription (ä as ae). Both sides are read so, for a guess that
 * writes some umlauts and transcribes others, but only one way: an ä typed where the answer writes
 * ae (Goethe) is not rewritten (rewriteWord).
 */
const transcription =
  (letters: Record<string, string>, kind: ConventionKind): Folder =>
  (grapheme) => {
    const written = letters[grapheme];
    return written ? { ...fold([...written], kind), oneWay: true } : null;
  };

/** Vowel marks left out: the letter without them (a grapheme of marks only gives nothing). */
const marksFolder =
  (marks: RegExp): Folder =>
  (grapheme) => {
    const letter = grapheme.replace(marks, '');
    return letter === grapheme ? null : fold(letter ? [letter] : [], 'vowel-marks');
  };

/**
 * The letters some folder of the language reads, on either side: a guess and answers without any
 * skip the letter conventions (most guesses in most languages).
 */
const foldables = new Map<string, RegExp>();

function foldable(language: string | undefined): RegExp {
  const code = primary(language);
  const known = foldables.get(code);
  if (known) return known;
  const parts = ['œæĳ'];
  if (code === 'de') parts.push('äöüß');
  if (code === 'da' || code === 'no' || code === 'nb' || code === 'nn') parts.push('åø');
  if (code === 'ru') parts.push('ё');
  if (code === 'ar' || code === 'fa' || code === 'ur' || code === 'ps') {
    parts.push('\\u0610-\\u061a\\u064b-\\u065f\\u0670\\u06d6-\\u06edأإآٱيك');
  }
  if (code === 'he' || code === 'yi') parts.push('\\u0591-\\u05c7');
  if (code === 'ja') parts.push('\\p{sc=Katakana}');
  if (code === 'zh') parts.push('\\p{sc=Han}');
  const pattern = new RegExp(`[${parts.join('')}]`, 'u');
  foldables.set(code, pattern);
  return pattern;
}

/** The folders of a language, tried in turn on each grapheme (the first that applies). */
function foldersFor(language: string | undefined): Folder[] {
  const code = primary(language);
  const folders: Folder[] = [];
  if (code === 'de') folders.push(transcription(GERMAN, 'transcription'));
  if (code === 'da' || code === 'no' || code === 'nb' || code === 'nn') {
    folders.push(transcription(DANISH_NORWEGIAN, 'transcription'));
  } else {
    // Ligatures typed as their letters, both ways ("oeuvre" for "œuvre" and "œuvre" for "oeuvre").
    folders.push((grapheme) => {
      const letters = LIGATURES[grapheme];
      return letters ? fold([...letters], 'ligature') : null;
    });
  }
  if (code === 'ru') {
    folders.push((grapheme) => (grapheme === 'ё' ? fold(['е'], 'letter-form') : null));
  }
  if (code === 'ar' || code === 'fa' || code === 'ur' || code === 'ps') {
    folders.push((grapheme) => {
      const bare = grapheme.replace(ARABIC_MARKS, '');
      let letter = code === 'ar' ? bare.replace(ARABIC_ALEFS, 'ا') : bare;
      // Persian and Urdu typed on an Arabic keyboard: Arabic yeh and kaf.
      if (code !== 'ar') letter = letter.replace(/ي/gu, 'ی').replace(/ك/gu, 'ک');
      if (letter === grapheme) return null;
      return fold(letter ? [letter] : [], letter === bare ? 'vowel-marks' : 'letter-form');
    });
  }
  if (code === 'he' || code === 'yi') folders.push(marksFolder(HEBREW_MARKS));
  const { kana, simplify } = tables;
  if (code === 'ja' && kana) {
    folders.push((grapheme) =>
      kana.isKatakana(grapheme) && grapheme !== 'ー'
        ? fold([kana.toHiragana(grapheme)], 'kana', 'quarter')
        : null,
    );
  }
  if (code === 'zh' && simplify) {
    folders.push((grapheme) => {
      if (!/\p{sc=Han}/u.test(grapheme)) return null;
      const simplified = simplify(grapheme);
      return simplified !== grapheme ? fold([simplified], 'chinese-script', 'quarter') : null;
    });
  }
  return folders;
}

interface FoldedWord {
  graphemes: string[];
  pieces: string[];
  /** For each piece, the grapheme it comes from. */
  origin: number[];
  /** For each grapheme, how many pieces it gave. */
  counts: number[];
  folds: (Fold | null)[];
  /** Whether any grapheme was folded. */
  folded: boolean;
}

function foldWord(
  cut: string[],
  side: 'expected' | 'typed',
  folders: Folder[],
  cache: Map<string, Fold | null>,
): FoldedWord {
  const folded: FoldedWord = {
    graphemes: cut,
    pieces: [],
    origin: [],
    counts: [],
    folds: [],
    folded: false,
  };
  cut.forEach((grapheme, index) => {
    const key = side === 'expected' ? `e${grapheme}` : `t${grapheme}`;
    let applied = cache.get(key);
    if (applied === undefined) {
      applied = null;
      for (const folder of folders) {
        applied = folder(grapheme, side);
        if (applied) break;
      }
      cache.set(key, applied);
    }
    const pieces = applied ? applied.pieces : [grapheme];
    if (applied) folded.folded = true;
    folded.folds.push(applied);
    folded.counts.push(pieces.length);
    for (const piece of pieces) {
      folded.pieces.push(piece);
      folded.origin.push(index);
    }
  });
  return folded;
}

/** Folds of graphemes by language, kept while the loaded tables stay the same. */
const foldCaches = new Map<string, Map<string, Fold | null>>();
const FOLD_CACHE_MAX = 20_000;

function foldCache(code: string): Map<string, Fold | null> {
  let cache = foldCaches.get(code);
  if (!cache || cache.size > FOLD_CACHE_MAX) {
    cache = new Map();
    foldCaches.set(code, cache);
  }
  return cache;
}

/** A text's words as graphemes, segmented once for the whole text. */
function wordGraphemes(text: string): string[][] {
  const words: string[][] = [[]];
  for (const grapheme of graphemes(text)) {
    if (grapheme === ' ') words.push([]);
    else words[words.length - 1]?.push(grapheme);
  }
  return words.filter((word) => word.length > 0);
}

/** The table of matchPieces, reused (scoring never runs two at once). */
let pieceTable = new Int32Array(1024);

/** Levenshtein over pieces, the equal pairs of one optimal alignment, and the cells it filled. */
function matchPieces(a: readonly string[], b: readonly string[]) {
  const width = b.length + 1;
  if (pieceTable.length < (a.length + 1) * width) {
    pieceTable = new Int32Array((a.length + 1) * width * 2);
  }
  const table = pieceTable;
  for (let j = 0; j <= b.length; j++) table[j] = j;
  for (let i = 1; i <= a.length; i++) {
    table[i * width] = i;
    for (let j = 1; j <= b.length; j++) {
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      table[i * width + j] = Math.min(
        (table[(i - 1) * width + j - 1] ?? 0) + same,
        (table[(i - 1) * width + j] ?? 0) + 1,
        (table[i * width + j - 1] ?? 0) + 1,
      );
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const here = table[i * width + j] ?? 0;
    // Of equal paths, letters left over are put last: a doubled letter after a transcription
    // ("baeer") leaves the transcription's letters together.
    if (here === (table[i * width + j - 1] ?? 0) + 1) j--;
    else if (here === (table[(i - 1) * width + j] ?? 0) + 1) i--;
    else if (a[i - 1] === b[j - 1] && here === (table[(i - 1) * width + j - 1] ?? 0)) {
      pairs.push([i - 1, j - 1]);
      i--;
      j--;
    } else {
      i--;
      j--;
    }
  }
  pairs.reverse();
  return { distance: table[a.length * width + b.length] ?? 0, pairs };
}

interface WordRewrite {
  text: string;
  conventions: AppliedConvention[];
}

function describe(kind: ConventionKind, typed: string, expected: string): string {
  if (kind === 'vowel-marks')
    return typed.length < expected.length ? 'vowel marks left out' : 'other vowel marks';
  if (kind === 'kana')
    return tables.kana?.isKatakana(typed) ? 'katakana for hiragana' : 'hiragana for katakana';
  if (kind === 'chinese-script') {
    return tables.simplify?.(typed) === typed
      ? 'simplified for traditional'
      : 'traditional for simplified';
  }
  return `${typed} for ${expected}`;
}

/**
 * The guess word rewritten to the answer word wherever a run of its letters matches a run of the
 * answer's letters through a convention (every piece of every letter in the run matched), with
 * the conventions that did it; null when none applies.
 */
function rewriteWord(
  expected: FoldedWord,
  typed: FoldedWord,
  pairs: Array<[number, number]>,
): WordRewrite | null {
  const out: string[] = [];
  const conventions: AppliedConvention[] = [];
  let nextTyped = 0;
  let k = 0;
  while (k < pairs.length) {
    // A group: pairs joined by sharing a letter on either side.
    const start = k;
    let [ep, tp] = pairs[k] ?? [0, 0];
    const eFirst = expected.origin[ep] ?? 0;
    const tFirst = typed.origin[tp] ?? 0;
    let eLast = eFirst;
    let tLast = tFirst;
    k++;
    while (k < pairs.length) {
      [ep, tp] = pairs[k] ?? [0, 0];
      const eo = expected.origin[ep] ?? 0;
      const to = typed.origin[tp] ?? 0;
      if (eo !== eLast && to !== tLast) break;
      eLast = eo;
      tLast = to;
      k++;
    }
    const pieceCount = (word: FoldedWord, first: number, last: number) =>
      word.counts.slice(first, last + 1).reduce((sum, count) => sum + count, 0);
    const whole =
      pieceCount(expected, eFirst, eLast) === k - start &&
      pieceCount(typed, tFirst, tLast) === k - start;
    const expectedText = expected.graphemes.slice(eFirst, eLast + 1).join('');
    const typedText = typed.graphemes.slice(tFirst, tLast + 1).join('');
    if (!whole || expectedText === typedText) continue;
    if (typed.folds.slice(tFirst, tLast + 1).some((item) => item?.oneWay)) continue;
    const applied =
      expected.folds.slice(eFirst, eLast + 1).find(Boolean) ??
      typed.folds.slice(tFirst, tLast + 1).find(Boolean);
    if (!applied) continue;
    out.push(...typed.graphemes.slice(nextTyped, tFirst), expectedText);
    nextTyped = tLast + 1;
    conventions.push({
      kind: applied.kind,
      detail: describe(applied.kind, typedText, expectedText),
      cost: applied.cost,
    });
  }
  if (conventions.length === 0) return null;
  out.push(...typed.graphemes.slice(nextTyped));
  return { text: out.join(''), conventions };
}

/**
 * Cells of the word-pair tables one guess may fill: a few hundred pairs of words, far more than a
 * card's answers hold; past it the guess's later words are read as typed.
 */
const REWRITE_CELLS = 10_000;

export interface RewrittenGuess {
  /** The normalised guess with the conventions' letters written as the answer writes them. */
  text: string;
  conventions: AppliedConvention[];
  /** Quarter edits the conventions cost: one for each word with a quarter convention. */
  quarters: number;
}

/** Words at spaces: a run of Chinese or Japanese characters, written without spaces, is one. */
function splitWords(text: string): string[] {
  return text.split(' ').filter(Boolean);
}

const unique = (conventions: AppliedConvention[]) =>
  conventions.filter(
    (item, i) =>
      conventions.findIndex((other) => other.kind === item.kind && other.detail === item.detail) ===
      i,
  );

/**
 * The guess (normalised) read against the answers' variants (normalised, hints dropped) by the
 * conventions of the answer's language: the guess as rewritten, the conventions applied and their
 * cost. A guess equal to a variant is left alone.
 */
export function applyConventions(
  guess: string,
  variants: readonly string[],
  language: string | undefined,
): RewrittenGuess {
  const none: RewrittenGuess = { text: guess, conventions: [], quarters: 0 };
  if (!guess || variants.includes(guess)) return none;
  loadTablesHere(language);
  const expectedWords = [...new Set(variants.flatMap(splitWords))];
  const known = new Set(expectedWords);
  const words = splitWords(guess);
  const conventions: AppliedConvention[] = [];
  let quarters = 0;
  const out: string[] = [];
  const quarter = (found: AppliedConvention[]) => {
    if (found.some((item) => item.cost === 'quarter')) quarters += 1;
    conventions.push(...unique(found));
  };

  // Word conventions: an apostrophe left out or typed as a space, a regional spelling.
  const apostrophed = expectedWords.filter((word) => word.includes("'"));
  const regional = primary(language) === 'en' ? tables.regional : undefined;
  for (let w = 0; w < words.length; w++) {
    const word = words[w] ?? '';
    if (known.has(word)) {
      out.push(word);
      continue;
    }
    const spaced = apostrophed.find((answer) => {
      const parts = answer.split("'");
      return parts.length > 1 && parts.every((part, p) => part !== '' && words[w + p] === part);
    });
    if (spaced) {
      out.push(spaced);
      w += spaced.split("'").length - 1;
      quarter([{ kind: 'apostrophe', detail: 'a space for the apostrophe', cost: 'quarter' }]);
      continue;
    }
    const joined = apostrophed.find((answer) => answer.replaceAll("'", '') === word);
    if (joined) {
      out.push(joined);
      quarter([{ kind: 'apostrophe', detail: 'apostrophe left out', cost: 'quarter' }]);
      continue;
    }
    const spelling = regional && (regional.toBritish[word] ?? regional.toAmerican[word]);
    if (spelling && known.has(spelling)) {
      out.push(spelling);
      quarter([{ kind: 'regional-spelling', detail: `${word} for ${spelling}`, cost: 'quarter' }]);
      continue;
    }
    out.push(word);
  }

  // Letter conventions: each guess word against the answer word closest to it through them.
  const folders = foldersFor(language);
  const touched = foldable(language);
  if (folders.length > 0 && (touched.test(guess) || variants.some((text) => touched.test(text)))) {
    const cache = foldCache(primary(language));
    const expected = [
      ...new Map(
        variants.flatMap(wordGraphemes).map((word) => [word.join(''), word] as const),
      ).values(),
    ].map((word) => foldWord(word, 'expected', folders, cache));
    const typedWords = wordGraphemes(out.join(' '));
    let cells = 0;
    typedWords.forEach((cut, w) => {
      const word = cut.join('');
      if (known.has(word)) return;
      const typed = foldWord(cut, 'typed', folders, cache);
      let best: { distance: number; rewrite: WordRewrite | null } | null = null;
      for (const answer of expected) {
        // A pair with no convention in it, or that cannot beat the closest so far, is skipped.
        if (!answer.folded && !typed.folded) continue;
        const apart = Math.abs(answer.pieces.length - typed.pieces.length);
        if (best && apart >= best.distance) continue;
        const size = (answer.pieces.length + 1) * (typed.pieces.length + 1);
        if (cells + size > REWRITE_CELLS) break;
        cells += size;
        const match = matchPieces(answer.pieces, typed.pieces);
        if (best && match.distance >= best.distance) continue;
        best = { distance: match.distance, rewrite: rewriteWord(answer, typed, match.pairs) };
        if (match.distance === 0) break;
      }
      const rewrite = best?.rewrite;
      if (rewrite) {
        out[w] = rewrite.text;
        const found = unique(rewrite.conventions);
        if (found.some((item) => item.cost === 'quarter')) quarters += 1;
        conventions.push(...found);
      }
    });
  }
  if (conventions.length === 0) return none;
  return { text: out.join(' '), conventions: unique(conventions), quarters };
}

/** Every form of the apostrophe a keyboard may type (normalise reads each as '). */
export const APOSTROPHE_FORMS = /['\u2019\u2018\u02bc\u0060\u00b4]/gu;

/** The apostrophe typed in another form than the answer's (free; named for the feedback). */
export function apostropheForm(guess: string, expected: string): AppliedConvention | null {
  const typedForms = new Set(guess.match(APOSTROPHE_FORMS) ?? []);
  const expectedForms = new Set(expected.match(APOSTROPHE_FORMS) ?? []);
  if (typedForms.size === 0 || expectedForms.size === 0) return null;
  const typed = [...typedForms].find((form) => !expectedForms.has(form));
  const answer = [...expectedForms][0];
  if (!typed || !answer) return null;
  return { kind: 'apostrophe', detail: `${typed} for ${answer}`, cost: 'free' };
}

/**
 * ß typed as ss in German: case folding already reads ß as ss (SS in capitals), so it costs
 * nothing; named when the answer writes ß and the guess does not.
 */
export function sharpS(
  guess: string,
  expected: string,
  language: string | undefined,
): AppliedConvention | null {
  if (primary(language) !== 'de') return null;
  const typed = guess.toLowerCase();
  const answer = expected.toLowerCase();
  return answer.includes('ß') && !typed.includes('ß') && typed.includes('ss')
    ? { kind: 'transcription', detail: 'ss for ß', cost: 'free' }
    : null;
}
