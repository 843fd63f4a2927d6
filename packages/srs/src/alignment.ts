import { baseLetters, sameBaseLetters } from './normalise';

/** Cost of replacing a grapheme by the same letter with other accents. */
export const ACCENT_COST = 0.25;

export type DiffKind = 'good' | 'wrong' | 'missing' | 'extra' | 'accent';

/** One grapheme of the diff: the expected one, or the typed one when it is extra. */
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

export interface Alignment {
  distance: number;
  diff: DiffPart[];
}

const TOLERANCE = 1e-9;

/**
 * The cost of putting typed grapheme `j` in the place of expected grapheme `i`. Each grapheme's
 * letters without accents are worked out once, not once per pair.
 */
function substitutionCosts(expected: readonly string[], typed: readonly string[]) {
  const expectedBase = expected.map(baseLetters);
  const typedBase = typed.map(baseLetters);
  return (i: number, j: number): number => {
    if (expected[i] === typed[j]) return 0;
    return sameBaseLetters(expectedBase[i] ?? '', typedBase[j] ?? '') ? ACCENT_COST : 1;
  };
}

const sameSequence = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((grapheme, i) => grapheme === b[i]);

/**
 * Optimal-string-alignment Damerau–Levenshtein distance between grapheme sequences (adjacent
 * transpositions cost 1, accent-only substitutions a quarter), with the diff of one optimal
 * alignment read from the expected side.
 */
export function alignGraphemes(expected: readonly string[], typed: readonly string[]): Alignment {
  // The common case, a right answer: nothing to align.
  if (sameSequence(expected, typed)) {
    return { distance: 0, diff: expected.map((text) => ({ kind: 'good', text })) };
  }
  const substitutionCost = substitutionCosts(expected, typed);
  const rows = expected.length + 1;
  const cols = typed.length + 1;
  const d = new Float64Array(rows * cols);
  const at = (i: number, j: number) => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    const a = expected[i - 1] ?? '';
    for (let j = 1; j < cols; j++) {
      const b = typed[j - 1] ?? '';
      let best = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + substitutionCost(i - 1, j - 1),
      );
      if (i > 1 && j > 1 && a === typed[j - 2] && expected[i - 2] === b && a !== b) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }

  const diff: DiffPart[] = [];
  let i = expected.length;
  let j = typed.length;
  while (i > 0 || j > 0) {
    const here = at(i, j);
    const a = expected[i - 1] ?? '';
    const b = typed[j - 1] ?? '';
    if (i > 0 && j > 0) {
      const cost = substitutionCost(i - 1, j - 1);
      if (Math.abs(here - (at(i - 1, j - 1) + cost)) < TOLERANCE) {
        diff.push({ kind: cost === 0 ? 'good' : cost < 1 ? 'accent' : 'wrong', text: a });
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
      Math.abs(here - (at(i - 2, j - 2) + 1)) < TOLERANCE
    ) {
      diff.push({ kind: 'wrong', text: a }, { kind: 'wrong', text: expected[i - 2] ?? '' });
      i -= 2;
      j -= 2;
      continue;
    }
    if (i > 0 && Math.abs(here - (at(i - 1, j) + 1)) < TOLERANCE) {
      diff.push({ kind: 'missing', text: a });
      i--;
      continue;
    }
    diff.push({ kind: 'extra', text: b });
    j--;
  }
  diff.reverse();
  return { distance: at(expected.length, typed.length), diff };
}
