import type { PackedHistories } from '@glossa/srs';
import { S_MAX, S_MIN } from 'ts-fsrs';

// FSRS-6's log loss over packed histories, for fitting: the formulas of ts-fsrs's
// FSRSAlgorithm.next_state (with short-term stability, its default) and forgetting_curve, without
// its rounding to 8 decimals and without an object per review, so fitting FSRS-6 to convergence
// costs what fitting the elevation model does. The bench checks it against ts-fsrs itself.

const EPSILON = 2.220446049250313e-16;

const clamp = (x: number, min: number, max: number) => (x < min ? min : x > max ? max : x);

/**
 * Total log loss and count of FSRS-6 with weights `w` (21) over packed histories; `perCard` (the
 * histories packed apart) receives each card's own total.
 */
export function fsrsLogLoss(
  packed: PackedHistories,
  w: readonly number[],
  perCard?: Float64Array,
): { sum: number; count: number } {
  const { nodes, depth, elapsedDays, grades, weight, card, maxDepth, count } = packed;
  if (perCard && !card) throw new Error('Per-card totals need histories packed with merge: false');
  perCard?.fill(0);
  const at = (i: number) => w[i] ?? 0;
  const decay = -at(20);
  const factor = Math.exp(Math.log(0.9) / decay) - 1;
  const easyDifficulty = at(4) - Math.exp(3 * at(5)) + 1;
  const recallScale = Math.exp(at(8));
  const shortTermFloor = Math.exp(at(17) * at(18));
  const stabilityAt = new Float64Array(maxDepth);
  const difficultyAt = new Float64Array(maxDepth);
  let sum = 0;
  for (let i = 0; i < nodes; i++) {
    const k = depth[i] ?? 0;
    const g = grades[i] ?? 3;
    if (k === 0) {
      stabilityAt[0] = Math.max(at(g - 1), 0.1);
      difficultyAt[0] = clamp(at(4) - Math.exp((g - 1) * at(5)) + 1, 1, 10);
      continue;
    }
    const s = stabilityAt[k - 1] ?? 1;
    const d = difficultyAt[k - 1] ?? 1;
    const t = elapsedDays[i] ?? 0;
    const r = (1 + (factor * t) / s) ** decay;
    const weightOf = weight[i] ?? 0;
    if (weightOf !== 0) {
      const loss = -Math.log(g === 1 ? Math.max(1 - r, EPSILON) : clamp(r, EPSILON, 1 - EPSILON));
      sum += weightOf * loss;
      if (perCard && card) perCard[card[i] ?? 0] = (perCard[card[i] ?? 0] ?? 0) + weightOf * loss;
    }
    let next: number;
    if (t === 0) {
      let increase = s ** -at(19) * Math.exp(at(17) * (g - 3 + at(18)));
      if (g >= 2) increase = Math.max(increase, 1);
      next = clamp(s * increase, S_MIN, S_MAX);
    } else if (g === 1) {
      const forgotten = clamp(
        at(11) * d ** -at(12) * ((s + 1) ** at(13) - 1) * Math.exp((1 - r) * at(14)),
        S_MIN,
        S_MAX,
      );
      next = Math.min(Math.max(s / shortTermFloor, S_MIN), forgotten);
    } else {
      const bonus = g === 2 ? at(15) : g === 4 ? at(16) : 1;
      next = clamp(
        s * (1 + recallScale * (11 - d) * s ** -at(9) * (Math.exp((1 - r) * at(10)) - 1) * bonus),
        S_MIN,
        S_MAX,
      );
    }
    const damped = d + (-at(6) * (g - 3) * (10 - d)) / 9;
    stabilityAt[k] = next;
    difficultyAt[k] = clamp(at(7) * easyDifficulty + (1 - at(7)) * damped, 1, 10);
  }
  return { sum, count };
}
