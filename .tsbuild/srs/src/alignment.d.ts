/** Cost of replacing a grapheme by the same letter with other accents. */
export declare const ACCENT_COST = 0.25;
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
/**
 * Optimal-string-alignment Damerau–Levenshtein distance between grapheme sequences (adjacent
 * transpositions cost 1, accent-only substitutions a quarter), with the diff of one optimal
 * alignment read from the expected side.
 */
export declare function alignGraphemes(expected: readonly string[], typed: readonly string[]): Alignment;
