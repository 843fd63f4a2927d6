import { baseLetters } from './normalise';

// The distance of alignGraphemes (optimal-string-alignment Damerau–Levenshtein over graphemes,
// accents a quarter of an edit), computed only as far as it can still matter: on whole numbers
// (quarter edits) over graphemes coded as numbers once per guess, two rows at a time, and given
// up as soon as it cannot be below a cutoff. The scorer runs it for every variant and word
// order, and aligns only the winner with alignGraphemes for its diff.

/** Cost of replacing a grapheme by the same letter with other accents. */
export const ACCENT_COST = 0.25;

/** Edits are counted in quarters, so that an accent costs a whole number. */
export const QUARTERS = Math.round(1 / ACCENT_COST);
export const EDIT = QUARTERS;
const ACCENT = 1;

/** A grapheme sequence as codes: equal graphemes share a code, accent variants a base. */
export interface Coded {
  codes: Int32Array;
  bases: Int32Array;
}

/**
 * Codes graphemes for one scoring: the same grapheme always gets the same code, and graphemes
 * with the same letters without accents the same base (0, 1, 2…).
 */
export class GraphemeCodes {
  readonly #codes = new Map<string, number>();
  readonly #baseIds = new Map<string, number>();
  readonly #bases: number[] = [];
  #baseCount = 0;

  #code(grapheme: string): number {
    let code = this.#codes.get(grapheme);
    if (code === undefined) {
      code = this.#codes.size;
      this.#codes.set(grapheme, code);
      const base = baseLetters(grapheme);
      // Letters made only of marks have no base, and so no accent variant (sameBaseLetters):
      // a base of their own.
      let baseId = base ? this.#baseIds.get(base) : undefined;
      if (baseId === undefined) {
        baseId = this.#baseCount++;
        if (base) this.#baseIds.set(base, baseId);
      }
      this.#bases.push(baseId);
    }
    return code;
  }

  /** How many bases were given so far (each is below it). */
  get baseCount(): number {
    return this.#baseCount;
  }

  encode(graphemes: readonly string[]): Coded {
    const codes = new Int32Array(graphemes.length);
    const bases = new Int32Array(graphemes.length);
    graphemes.forEach((grapheme, i) => {
      const code = this.#code(grapheme);
      codes[i] = code;
      bases[i] = this.#bases[code] ?? -1;
    });
    return { codes, bases };
  }
}

/** Rows of the distance table, grown as needed and reused across calls. */
export class Rows {
  #buffer = new Int32Array(0);
  #width = 0;

  /** A table of `rows` rows of `width` cells (its contents are whatever was left). */
  table(rows: number, width: number): Int32Array {
    if (this.#buffer.length < rows * width) this.#buffer = new Int32Array(rows * width * 2);
    this.#width = width;
    return this.#buffer;
  }

  get width(): number {
    return this.#width;
  }
}

/**
 * Fills the row at offset `here` of the table (row `i`, 1-based, of the typed side: grapheme
 * `rowCode`), from the rows at `above` and `twoAbove`. `prevCode` is the typed grapheme before it
 * (-1 for none), `remaining` how many typed graphemes follow it. Answers the least distance a
 * path through this row can end with: each cell plus an edit for each grapheme that one side has
 * left over the other after it.
 */
export function fillRow(
  table: Int32Array,
  width: number,
  offsets: { here: number; above: number; twoAbove: number; i: number; remaining: number },
  rowCode: number,
  rowBase: number,
  prevCode: number,
  expected: Coded,
): number {
  const { here, above, twoAbove, i, remaining } = offsets;
  const { codes, bases } = expected;
  const last = width - 1;
  let left = EDIT * i;
  table[here] = left;
  let bound = left + EDIT * Math.abs(remaining - last);
  let diagonal = table[above] ?? 0;
  let previous = -1;
  for (let j = 1; j < width; j++) {
    const code = codes[j - 1] ?? -1;
    const up = table[above + j] ?? 0;
    let best = up < left ? up + EDIT : left + EDIT;
    const substitution =
      diagonal + (code === rowCode ? 0 : bases[j - 1] === rowBase ? ACCENT : EDIT);
    if (substitution < best) best = substitution;
    // An adjacent transposition: typed "ba" against expected "ab".
    if (prevCode === code && rowCode === previous && rowCode !== code) {
      const swapped = (table[twoAbove + j - 2] ?? 0) + EDIT;
      if (swapped < best) best = swapped;
    }
    table[here + j] = best;
    const ending = best + EDIT * Math.abs(remaining - last + j);
    if (ending < bound) bound = ending;
    left = best;
    diagonal = up;
    previous = code;
  }
  return bound;
}

/** Fills row 0 of a table: the empty typed prefix against every expected prefix. */
export function fillFirstRow(table: Int32Array, width: number): void {
  for (let j = 0; j < width; j++) table[j] = EDIT * j;
}

/**
 * The distance in quarter edits between `typed` and `expected` (the same as alignGraphemes'
 * times QUARTERS, the two sides being interchangeable), or `cutoff` when it is `cutoff` or more:
 * every path through the table crosses row i or row i − 1, and cells only grow along a path, so
 * once the least ending of both rows (fillRow) reaches the cutoff, no path can end under it.
 */
export function distanceQuarters(
  rows: Rows,
  typed: Coded,
  expected: Coded,
  cutoff: number,
): { quarters: number; cells: number } {
  const n = typed.codes.length;
  const width = expected.codes.length + 1;
  if (EDIT * Math.abs(n - (width - 1)) >= cutoff) return { quarters: cutoff, cells: 0 };
  // Three rows in turn: the two above are all a row needs.
  const table = rows.table(3, width);
  fillFirstRow(table, width);
  let previousMin = EDIT * Math.abs(n - (width - 1));
  const offsets = { here: 0, above: 0, twoAbove: 0, i: 0, remaining: 0 };
  for (let i = 1; i <= n; i++) {
    offsets.here = (i % 3) * width;
    offsets.above = ((i - 1) % 3) * width;
    offsets.twoAbove = ((i + 1) % 3) * width;
    offsets.i = i;
    offsets.remaining = n - i;
    const rowMin = fillRow(
      table,
      width,
      offsets,
      typed.codes[i - 1] ?? -1,
      typed.bases[i - 1] ?? -1,
      i > 1 ? (typed.codes[i - 2] ?? -1) : -1,
      expected,
    );
    if (Math.min(rowMin, previousMin) >= cutoff) return { quarters: cutoff, cells: i * width };
    previousMin = rowMin;
  }
  return { quarters: Math.min(cutoff, table[(n % 3) * width + width - 1] ?? 0), cells: n * width };
}

/**
 * A lower bound of the distance (quarter edits) between two sequences in any order of their
 * graphemes: each grapheme of one side whose letters without accents the other side lacks needs
 * an edit of its own (a substitution mends one on each side, a transposition none), so the
 * distance is at least an edit for each of the larger side's leftovers. The same for every order
 * of a guess's words, it says which variants an order could still make the best.
 */
export function bagQuarters(a: Coded, b: Coded, baseCount: number): number {
  const counts = new Int32Array(baseCount);
  for (const base of a.bases) counts[base] = (counts[base] ?? 0) + 1;
  let shared = 0;
  for (const base of b.bases) {
    if ((counts[base] ?? 0) > 0) {
      counts[base] = (counts[base] ?? 0) - 1;
      shared += 1;
    }
  }
  return EDIT * Math.max(a.bases.length - shared, b.bases.length - shared);
}
