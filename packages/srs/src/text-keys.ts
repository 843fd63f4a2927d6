import { normaliseAnswer } from './normalise';

/**
 * Keys the server stores beside a card's text so that the database can compare it the way a
 * learner does (docs/decisions/0023-collation-and-duplicates.md): the duplicate key (the same
 * front, whatever its case, accents, spacing or punctuation), the search key (the text filter
 * finds "árbol" when asked "arbol") and the sort key (a language's alphabetical order, compared
 * byte by byte on both databases). Pure and deterministic for one version of Node's ICU data.
 */

/**
 * The combining marks that are accents and vowel points: the marks shared by every script (the
 * Latin, Greek and Cyrillic diacritics, Arabic harakat) and Hebrew points. The vowel signs of the
 * Indic scripts are marks of their own script and spell other words, so they stay.
 */
const DIACRITICS = /(?=\p{M})(?:\p{Script=Inherited}|\p{Script=Hebrew})/gu;

/** The text without its accents (é → e, ё → е, שָׁלוֹם → שלום), in NFC. */
export function foldDiacritics(text: string): string {
  return text.normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
}

/**
 * Stored keys stay below PostgreSQL's limit for an index entry (about 2,700 bytes): a longer key
 * keeps its first `keyMax` code points and a hash of the whole.
 */
const keyMax = 400;

/** A 64-bit FNV-1a hash of the text's UTF-16 units, as 16 hex digits. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

function bounded(key: string): string {
  const points = Array.from(key);
  return points.length <= keyMax ? key : `${points.slice(0, keyMax).join('')}#${fnv1a64(key)}`;
}

/**
 * Two cards are duplicates when their fronts (in the same pair of languages) have the same key:
 * the scorer's normalisation (NFKC, case folded for the language, punctuation dropped but
 * apostrophes inside words, single spaces) without accents. "El Árbol!" and "el arbol" share one.
 */
export function duplicateKey(front: string, language: string): string {
  return bounded(foldDiacritics(normaliseAnswer(front.normalize('NFKC'), { language })));
}

/**
 * The text as the list's filter matches it: NFKC, case folded (ß as ss), without accents. The
 * stored text and the query both go through it, so a substring of one is a substring of the other.
 */
export function searchKey(text: string): string {
  return foldDiacritics(text.normalize('NFKC').toUpperCase().toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Sort keys. JavaScript has no collation sort keys (Intl.Collator only compares), and neither
// SQLite through better-sqlite3 nor every PostgreSQL has the language's collation, so each
// language's order of the letters is read once from Intl.Collator (ICU's CLDR data) and a key is
// built of those ranks: comparing two keys code unit by code unit (SQLite's BINARY, PostgreSQL's
// "C") orders the texts as the collator does letter by letter.

/**
 * The letters, digits, spaces and punctuation the rank tables hold: printable ASCII, the Latin
 * letters with their accented forms (including Vietnamese), Greek, Cyrillic, Armenian, Hebrew,
 * Arabic and Georgian. Other characters (CJK, Indic, kana…) follow all of these, in code point
 * order, which is their dictionary order closely enough.
 */
const rankedRanges: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x370, 0x3ff],
  [0x400, 0x52f],
  [0x531, 0x58a],
  [0x5d0, 0x5ea],
  [0x620, 0x64a],
  [0x10d0, 0x10ff],
  [0x1e00, 0x1eff],
];
const MARK = /^\p{M}$/u;
const CONTROL = /^\p{Cc}$/u;
/** What a key cannot hold: a lone surrogate (not UTF-8), a control character (NUL for one). */
const UNSTORABLE = /[\ud800-\udfff\p{Cc}]/gu;

let repertoire: string[] | undefined;
function rankedCharacters(): string[] {
  if (!repertoire) {
    repertoire = [];
    for (const [first, last] of rankedRanges) {
      for (let code = first; code <= last; code++) {
        const char = String.fromCodePoint(code);
        if (!MARK.test(char) && !CONTROL.test(char) && char.normalize('NFKC') === char) {
          repertoire.push(char);
        }
      }
    }
  }
  return repertoire;
}

const rankTables = new Map<string, Map<string, string>>();

/**
 * Each character's primary rank in the language's order, written as the one code point the key
 * holds for it: characters the collator tells apart only by accent or case share one (a, á, A), a
 * letter the language sorts on its own gets its own place (Spanish ñ after n, Swedish å ä ö after
 * z, Turkish ı before i).
 */
function rankTable(language: string): Map<string, string> {
  let table = rankTables.get(language);
  if (!table) {
    let collator: Intl.Collator;
    try {
      collator = new Intl.Collator(language, { sensitivity: 'base' });
    } catch {
      collator = new Intl.Collator('und', { sensitivity: 'base' });
    }
    const sorted = [...rankedCharacters()].sort(collator.compare);
    const ranks = new Map<string, string>();
    let rank = 0;
    sorted.forEach((char, index) => {
      const previous = sorted[index - 1];
      if (previous !== undefined && collator.compare(previous, char) !== 0) rank++;
      ranks.set(char, String.fromCodePoint(rankBase + rank));
    });
    rankTables.set(language, ranks);
    table = ranks;
  }
  return table;
}

/** Ranks are written as code points from here on (one each: far below the unranked marker). */
const rankBase = 0x100;
/** Before an unranked character, which follows: above every rank. */
const unranked = '\u0f00';
/** Ends a level of the key: below every rank, so a shorter text sorts before a longer one. */
const levelEnd = '\u0001';
/** Characters of each level the key keeps: enough to order any two fronts a learner writes. */
const levelMax = 64;

function primaryWeights(text: string, table: Map<string, string>): string {
  let key = '';
  let count = 0;
  for (const char of text) {
    if (count >= levelMax) break;
    const weight = table.get(char);
    if (weight !== undefined) {
      key += weight;
      count++;
      continue;
    }
    // Control characters weigh nothing (and a NUL cannot be stored by PostgreSQL).
    if (CONTROL.test(char)) continue;
    // A letter with an accent the table does not hold: its base letter (accents weigh nothing);
    // anything else after every ranked character, by its code point.
    for (const part of char.normalize('NFD')) {
      if (MARK.test(part)) continue;
      key += table.get(part) ?? unranked + part.replace(UNSTORABLE, '\ufffd');
      count++;
    }
  }
  return key;
}

const firstPoints = (text: string) => Array.from(text).slice(0, levelMax);

/**
 * The key that orders a card by its front in its language: the letters' ranks (accents and case
 * aside), then the text in lower case (accents next), then its case, small letters first. Only
 * the first 64 characters of each level count; cards equal that far are ordered by id.
 */
export function sortKey(text: string, language: string): string {
  const composed = text.normalize('NFKC');
  const primary = primaryWeights(composed, rankTable(language));
  const lower = firstPoints(composed.toLowerCase()).join('').replace(UNSTORABLE, '\ufffd');
  let cases = '';
  for (const char of firstPoints(composed)) cases += char === char.toLowerCase() ? 'a' : 'b';
  return `${primary}${levelEnd}${lower}${levelEnd}${cases}`;
}
