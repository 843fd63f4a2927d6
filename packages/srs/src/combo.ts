/**
 * The combo: the learner's run of consecutive successful answers while studying, and the longest
 * run so far with the time (epoch ms) it was reached.
 */
export interface ComboState {
  current: number;
  best: number;
  bestAt: number | null;
}

/** The run after one answer: one longer on a success, back to nothing on a failure. */
export function nextComboCount(current: number, success: boolean): number {
  return success ? current + 1 : 0;
}

/**
 * The combo after an answer given `at`. The best moves (and takes `at`) only when the run goes
 * past it, so equalling the best keeps the time it was first reached.
 */
export function nextCombo(before: ComboState, success: boolean, at: number): ComboState {
  const current = nextComboCount(before.current, success);
  return current > before.best
    ? { current, best: current, bestAt: at }
    : { current, best: before.best, bestAt: before.bestAt };
}
