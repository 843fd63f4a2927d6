import { EDIT, fillFirstRow, fillRow, type Coded, type Rows } from './distance';

// "Multi-word answers also try word order" (docs/scheduler.md, scoring step 3): every order of the
// guess's words is aligned against the variant, in the order of the scorer before bounds (the
// first order with the best score wins, so that the diff shown is the same). Orders are walked as
// a tree, so orders that begin alike share the rows of their beginning, and a beginning that
// can no longer beat the best so far is left with everything below it. The work is bounded by a
// budget of table cells shared by the whole guess: past it the search stops with the best found.

export interface WordOrderSearch {
  rows: Rows;
  expected: Coded;
  /** The guess's words, coded, in the order typed. */
  words: readonly Coded[];
  /** The same words as text: equal words give equal orders, tried once. */
  texts: readonly string[];
  /** The space between words, coded like the words. */
  space: { code: number; base: number };
  /** Orders whose distance (quarter edits) is this or more do not matter. */
  cutoff(): number;
  /** An order (indexes into words) below the cutoff, and its distance. */
  found(order: readonly number[], quarters: number): void;
  /** Table cells the search may still fill; spent as it goes. */
  budget: { cells: number };
}

/** Whether the search went through every order (false: the budget ran out first). */
export function searchWordOrders(search: WordOrderSearch): boolean {
  const { rows, expected, words, texts, space } = search;
  const width = expected.codes.length + 1;
  const length = words.reduce((sum, word) => sum + word.codes.length, 0) + words.length - 1;
  const table = rows.table(length + 1, width);
  fillFirstRow(table, width);
  const order: number[] = [];
  const used = words.map(() => false);
  const offsets = { here: 0, above: 0, twoAbove: 0, i: 0, remaining: 0 };
  let complete = true;
  // The row last filled: its index, grapheme and least ending (fillRow), and that of the one above.
  let i = 0;
  let previousCode = -1;
  let rowMin = EDIT * Math.abs(length - (width - 1));
  let aboveMin = rowMin;

  /** Fills the next row; false when nothing below it can get under the cutoff any more. */
  const row = (code: number, base: number): boolean => {
    i += 1;
    offsets.i = i;
    offsets.here = i * width;
    offsets.above = offsets.here - width;
    offsets.twoAbove = offsets.above - width;
    offsets.remaining = length - i;
    aboveMin = rowMin;
    rowMin = fillRow(table, width, offsets, code, base, previousCode, expected);
    previousCode = code;
    search.budget.cells -= width;
    return Math.min(rowMin, aboveMin) < search.cutoff();
  };

  /** An earlier word not used yet with the same text: its orders were tried already. */
  const repeated = (w: number) =>
    texts.slice(0, w).some((text, v) => !used[v] && text === texts[w]);

  const walk = (): void => {
    const start = { i, previousCode, rowMin, aboveMin };
    for (let w = 0; w < words.length && complete; w++) {
      const word = words[w];
      if (used[w] || !word || repeated(w)) continue;
      if (search.budget.cells < width * (word.codes.length + 1)) {
        complete = false;
        return;
      }
      ({ i, previousCode, rowMin, aboveMin } = start);
      let going = order.length === 0 || row(space.code, space.base);
      for (let g = 0; going && g < word.codes.length; g++) {
        going = row(word.codes[g] ?? -1, word.bases[g] ?? -1);
      }
      if (!going) continue;
      used[w] = true;
      order.push(w);
      if (order.length === words.length) {
        const quarters = table[i * width + width - 1] ?? 0;
        if (quarters < search.cutoff()) search.found(order, quarters);
      } else {
        walk();
      }
      order.pop();
      used[w] = false;
    }
  };

  walk();
  return complete;
}

/**
 * A likely best order, measured before the search so that its score prunes it: each typed word
 * put where the expected word sharing the largest part of its graphemes with it stands (the first
 * of equals; words put in the same place keep their typed order). Counting shared graphemes
 * costs a few steps per pair of words, where aligning them would cost their product.
 */
export function matchedOrder(words: readonly Coded[], expectedWords: readonly Coded[]): number[] {
  let largest = 0;
  for (const word of [...words, ...expectedWords]) {
    for (const code of word.codes) largest = Math.max(largest, code);
  }
  const counts = new Int32Array(largest + 1);
  const places = words.map((word) => {
    // The share of the longer word left unmatched: lowest wins.
    let best = { apart: 1, longer: 0 };
    let place = expectedWords.length;
    expectedWords.forEach((expected, e) => {
      for (const code of expected.codes) counts[code] = (counts[code] ?? 0) + 1;
      let shared = 0;
      for (const code of word.codes) {
        if ((counts[code] ?? 0) > 0) {
          counts[code] = (counts[code] ?? 0) - 1;
          shared += 1;
        }
      }
      for (const code of expected.codes) counts[code] = 0;
      const longer = Math.max(word.codes.length, expected.codes.length);
      const apart = longer - shared;
      if (apart * best.longer < best.apart * longer) {
        best = { apart, longer };
        place = e;
      }
    });
    return place;
  });
  return words.map((_, w) => w).sort((a, b) => (places[a] ?? 0) - (places[b] ?? 0) || a - b);
}
