import type { Coded, GraphemeCodes } from './distance';
import { graphemes } from './normalise';

// The guess as the scorer works on it: normalised, cut to its bound, coded, and split into words
// whose orders the scorer tries (scoring.ts).

export interface TypedGuess {
  graphemes: string[];
  coded: Coded;
  words: string[];
  /**
   * The words coded one by one, or null when one would make one grapheme with a space beside it
   * (a word beginning with a combining mark): then each order is cut into graphemes whole.
   */
  codedWords: Coded[] | null;
  /** The space between words, coded. */
  space: { code: number; base: number };
}

/** The guess, normalised already (normaliseAnswer) and without its leading article. */
export function typedGuess(
  normalised: string,
  options: { graphemesMax: number },
  codes: GraphemeCodes,
): TypedGuess {
  let text = normalised;
  let cut = graphemes(text);
  if (cut.length > options.graphemesMax) {
    text = cut.slice(0, options.graphemesMax).join('').trim();
    cut = graphemes(text);
  }
  const words = text.split(' ');
  const wordGraphemes = words.map((word) => graphemes(word));
  const apart = words.every(
    (word, i) => graphemes(` ${word} `).length === (wordGraphemes[i]?.length ?? 0) + 2,
  );
  const space = codes.encode([' ']);
  return {
    graphemes: cut,
    coded: codes.encode(cut),
    words,
    codedWords: apart ? wordGraphemes.map((word) => codes.encode(word)) : null,
    space: { code: space.codes[0] ?? -1, base: space.bases[0] ?? -1 },
  };
}

/** The words of a guess in `order`, as one text. */
export const inOrder = (words: readonly string[], order: readonly number[]): string =>
  order.map((i) => words[i] ?? '').join(' ');

/** Coded words in `order`, a space between each two (for words that keep apart from spaces). */
export function joinCoded(
  words: readonly Coded[],
  order: readonly number[],
  space: TypedGuess['space'],
): Coded {
  const length = order.reduce((sum, i) => sum + (words[i]?.codes.length ?? 0), order.length - 1);
  const joined: Coded = { codes: new Int32Array(length), bases: new Int32Array(length) };
  let at = 0;
  order.forEach((i, k) => {
    if (k > 0) {
      joined.codes[at] = space.code;
      joined.bases[at] = space.base;
      at += 1;
    }
    const word = words[i];
    if (!word) return;
    joined.codes.set(word.codes, at);
    joined.bases.set(word.bases, at);
    at += word.codes.length;
  });
  return joined;
}

/** A coded text cut at its spaces (views of it, not copies). */
export function splitCoded(text: Coded, spaceCode: number): Coded[] {
  const parts: Coded[] = [];
  let start = 0;
  for (let k = 0; k <= text.codes.length; k++) {
    if (k === text.codes.length || text.codes[k] === spaceCode) {
      parts.push({ codes: text.codes.subarray(start, k), bases: text.bases.subarray(start, k) });
      start = k + 1;
    }
  }
  return parts;
}

/**
 * Where an order comes among every order of its items, as the scorer has always listed them
 * (each item first in turn, then the orders of the rest): 0 for the order as typed.
 */
export function orderRank(order: readonly number[]): number {
  let rank = 0;
  order.forEach((item, k) => {
    const smallerLeft = order.slice(k + 1).filter((later) => later < item).length;
    rank = rank * (order.length - k) + smallerLeft;
  });
  return rank;
}

/** Every order of `count` items in that listing; stops when `visit` answers false. */
export function eachOrder(count: number, visit: (order: number[]) => boolean): void {
  const order: number[] = [];
  const used = new Array<boolean>(count).fill(false);
  const walk = (): boolean => {
    if (order.length === count) return visit(order);
    for (let i = 0; i < count; i++) {
      if (used[i]) continue;
      used[i] = true;
      order.push(i);
      const going = walk();
      order.pop();
      used[i] = false;
      if (!going) return false;
    }
    return true;
  };
  walk();
}
