/**
 * Nelder–Mead on the unit cube, each trial point projected back into it. A point where the
 * objective is not a number counts as infinitely bad, so one NaN never poisons the simplex.
 */
export declare function nelderMead(objective: (u: readonly number[]) => number, start: readonly number[], maxEvaluations: number): {
    point: number[];
    value: number;
    evaluations: number;
};
