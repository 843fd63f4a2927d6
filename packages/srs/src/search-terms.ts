import { searchKey } from './text-keys';

/**
 * What the search engine indexes and asks (docs/decisions/0021-search.md): text folded by the one
 * folding of the app (searchKey: NFKC, case folded, no accents), then cut into words. Scripts
 * written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) are cut into
 * single characters, so that a run of them is found anywhere inside a sentence by its characters
 * in order. Both databases index the same words; the query is cut the same way.
 */

/** Characters of the scripts written without spaces, each indexed on its own. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc\u3005]/u;
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
const MARK = /\p{M}/u;

/** Characters of one indexed word at most (longer words are cut: no database limit is met). */
export const searchWordMax = 64;

/** A word of a query, or a run of characters of a script without spaces (joined by spaces). */
export interface SearchTerm {
  text: string;
  /** A run of two or more characters of a script without spaces: found as a sequence. */
  run: boolean;
}

function segments(text: string): SearchTerm[] {
  const out: SearchTerm[] = [];
  let word = '';
  let run: string[] = [];
  const flushWord = () => {
    if (word) out.push({ text: Array.from(word).slice(0, searchWordMax).join(''), run: false });
    word = '';
  };
  const flushRun = () => {
    if (run.length === 1) out.push({ text: run[0] ?? '', run: false });
    else if (run.length > 1) out.push({ text: run.join(' '), run: true });
    run = [];
  };
  for (const char of searchKey(text)) {
    if (UNSPACED.test(char)) {
      flushWord();
      run.push(char);
    } else if (WORD_CHARACTER.test(char)) {
      if (run.length > 0 && MARK.test(char)) {
        run[run.length - 1] += char;
        continue;
      }
      flushRun();
      word += char;
    } else {
      flushWord();
      flushRun();
    }
  }
  flushWord();
  flushRun();
  return out;
}

/**
 * The text a card or category is indexed by: its words, folded, separated by single spaces (each
 * character of a script without spaces a word of its own).
 */
export function searchDocument(...texts: string[]): string {
  return segments(texts.join('\n'))
    .map((segment) => segment.text)
    .join(' ');
}

/** Terms of a query at most; the rest of a longer query is ignored. */
export const searchTermsMax = 8;

/** The terms of a query, each once, in order: what every result must contain. */
export function searchTerms(query: string): SearchTerm[] {
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  for (const term of segments(query)) {
    if (seen.has(term.text)) continue;
    seen.add(term.text);
    terms.push(term);
    if (terms.length >= searchTermsMax) break;
  }
  return terms;
}

/**
 * Where the terms occur in a text, as [start, end) ranges of its UTF-16 units, sorted and merged:
 * what a result highlights. The text is folded character by character (as searchKey folds it) to
 * find them, so "cafe" highlights the "Café" it found.
 */
export function searchHighlights(text: string, terms: SearchTerm[]): [number, number][] {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const key = searchKey(char);
    for (let i = 0; i < key.length; i++) origin.push(offset);
    folded += key;
    offset += char.length;
  }
  origin.push(text.length);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const needle = term.run ? term.text.replaceAll(' ', '') : term.text;
    if (!needle) continue;
    let from = 0;
    for (;;) {
      const at = folded.indexOf(needle, from);
      if (at < 0) break;
      const end = at + needle.length;
      const start = origin[at] ?? 0;
      // The end of the last folded unit's character.
      const last = origin[end - 1] ?? start;
      const next = origin.findIndex((o, index) => index >= end && o > last);
      ranges.push([start, next < 0 ? text.length : (origin[next] ?? text.length)]);
      from = at + 1;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
