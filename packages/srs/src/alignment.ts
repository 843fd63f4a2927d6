import { ACCENT_COST, EDIT, fillFirstRow, fillRow, GraphemeCodes, Rows } from './distance';

export { ACCENT_COST };

export type DiffKind = 'good' | 'wrong' | 'missing' | 'extra' | 'accent';

/**
 * One grapheme of the diff: the expected one, or the typed one when it is extra. A wrong or accent
 * part also says what was typed in its place, so the guess can be shown as typed.
 */
export interface DiffPart {
  kind: DiffKind;
  text: string;
  typed?: string;
}

export interface Alignment {
  distance: number;
  diff: DiffPart[];
}

const sameSequence = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((grapheme, i) => grapheme === b[i]);

/**
 * Optimal-string-alignment Damerau–Levenshtein distance between grapheme sequences (adjacent
 * transpositions cost 1, accent-only substitutions a quarter), with the diff of one optimal
 * alignment read from the expected side. The table is distance.ts's, in quarter edits.
 */
export function alignGraphemes(expected: readonly string[], typed: readonly string[]): Alignment {
  // The common case, a right answer: nothing to align.
  if (sameSequence(expected, typed)) {
    return { distance: 0, diff: expected.map((text) => ({ kind: 'good', text })) };
  }
  const codes = new GraphemeCodes();
  const rowSide = codes.encode(expected);
  const columnSide = codes.encode(typed);
  const width = typed.length + 1;
  const table = new Rows().table(expected.length + 1, width);
  fillFirstRow(table, width);
  const offsets = { here: 0, above: 0, twoAbove: 0, i: 0, remaining: 0 };
  for (let i = 1; i <= expected.length; i++) {
    offsets.i = i;
    offsets.here = i * width;
    offsets.above = offsets.here - width;
    offsets.twoAbove = offsets.above - width;
    fillRow(
      table,
      width,
      offsets,
      rowSide.codes[i - 1] ?? -1,
      rowSide.bases[i - 1] ?? -1,
      i > 1 ? (rowSide.codes[i - 2] ?? -1) : -1,
      columnSide,
    );
  }
  const at = (i: number, j: number) => table[i * width + j] ?? 0;
  const substitution = (i: number, j: number) => {
    if (rowSide.codes[i] === columnSide.codes[j]) return 0;
    return rowSide.bases[i] === columnSide.bases[j] ? EDIT * ACCENT_COST : EDIT;
  };

  const diff: DiffPart[] = [];
  let i = expected.length;
  let j = typed.length;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    const a = expected[i - 1] ?? '';
    const b = typed[j - 1] ?? '';
    if (i > 0 && j > 0) {
      const cost = substitution(i - 1, j - 1);
      if (here === at(i - 1, j - 1) + cost) {
        diff.push(
          cost === 0
            ? { kind: 'good', text: a }
            : { kind: cost < EDIT ? 'accent' : 'wrong', text: a, typed: b },
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
      here === at(i - 2, j - 2) + EDIT
    ) {
      // Read backwards: the later expected grapheme, typed first, then the earlier one.
      diff.push(
        { kind: 'wrong', text: a, typed: b },
        { kind: 'wrong', text: expected[i - 2] ?? '', typed: typed[j - 2] ?? '' },
      );
      i -= 2;
      j -= 2;
      continue;
    }
    if (i > 0 && here === at(i - 1, j) + EDIT) {
      diff.push({ kind: 'missing', text: a });
      i--;
      continue;
    }
    diff.push({ kind: 'extra', text: b });
    j--;
  }
  diff.reverse();
  return { distance: at(expected.length, typed.length) / EDIT, diff };
}
