import { MAX_ELEVATION, MIN_ELEVATION, SPACING_KAPPA } from './memory-model';
import { GAIN_HEIGHT_CAP } from './memory-model-v2';
import type { MemoryV2Parameters } from './memory-v2-settings';
import type { CardHistory } from './replay';

// The fitter's objective for version 2, replayed thousands of times per fit: the same formulas as
// memory-model-v2.ts (a test holds them equal), over histories packed into typed arrays, with no
// allocation per review, so fitting 5,000 reviews stays within seconds.

/**
 * Card histories as one forest of reviews in depth-first order: each node is one review, its
 * depth its 0-based position in the card, its parent the last node before it of depth − 1. When
 * merged, cards that begin alike share the nodes of their common beginning (a replay computes a
 * shared beginning once), and each node's weight counts the cards whose scored review it is.
 */
export interface PackedHistories {
  nodes: number;
  depth: Int32Array;
  elapsedDays: Float64Array;
  grades: Uint8Array;
  /** How many cards score this review (0: replayed, not scored). */
  weight: Float64Array;
  /** The card of each node (indexed like the histories); null when merged. */
  card: Int32Array | null;
  /** Cards given, and the deepest position + 1. */
  cards: number;
  maxDepth: number;
  /** Reviews scored (the weights' total): those at or after their card's `scoreFrom`. */
  count: number;
}

export interface PackOptions {
  /** 0-based position of each card's first scored review (default 1; never below 1). */
  scoreFrom?: (card: number) => number;
  /** Share common beginnings (default true); per-card totals need them apart. */
  merge?: boolean;
}

function compareHistories(a: CardHistory, b: CardHistory): number {
  const n = Math.min(a.length, b.length);
  for (let j = 0; j < n; j++) {
    const x = a[j];
    const y = b[j];
    if (!x || !y) break;
    if (x.elapsedDays !== y.elapsedDays) return x.elapsedDays - y.elapsedDays;
    if (x.grade !== y.grade) return x.grade - y.grade;
  }
  return a.length - b.length;
}

export function packHistories(
  histories: readonly CardHistory[],
  options: PackOptions = {},
): PackedHistories {
  const { scoreFrom, merge = true } = options;
  const order = histories.map((_, c) => c);
  if (merge) order.sort((a, b) => compareHistories(histories[a] ?? [], histories[b] ?? []));
  const total = histories.reduce((sum, history) => sum + history.length, 0);
  const depth = new Int32Array(total);
  const elapsedDays = new Float64Array(total);
  const grades = new Uint8Array(total);
  const weight = new Float64Array(total);
  const card = merge ? null : new Int32Array(total);
  const path: number[] = [];
  let nodes = 0;
  let maxDepth = 0;
  let count = 0;
  let previous: CardHistory = [];
  for (const c of order) {
    const history = histories[c] ?? [];
    const first = Math.max(1, scoreFrom ? scoreFrom(c) : 1);
    let shared = 0;
    if (merge) {
      const n = Math.min(history.length, previous.length);
      while (
        shared < n &&
        history[shared]?.elapsedDays === previous[shared]?.elapsedDays &&
        history[shared]?.grade === previous[shared]?.grade
      ) {
        shared++;
      }
    }
    history.forEach((review, j) => {
      let node = path[j] ?? 0;
      if (j >= shared) {
        node = nodes++;
        path[j] = node;
        depth[node] = j;
        elapsedDays[node] = review.elapsedDays;
        grades[node] = review.grade;
        if (card) card[node] = c;
      }
      if (j >= first) {
        weight[node] = (weight[node] ?? 0) + 1;
        count++;
      }
    });
    maxDepth = Math.max(maxDepth, history.length);
    previous = history;
  }
  return {
    nodes,
    depth: depth.subarray(0, nodes),
    elapsedDays: elapsedDays.subarray(0, nodes),
    grades: grades.subarray(0, nodes),
    weight: weight.subarray(0, nodes),
    card,
    cards: histories.length,
    maxDepth,
    count,
  };
}

const LN2 = Math.LN2;
const CURVE_FACTOR = 19 / 81;
const SPACING_NORMALISER = Math.exp(0.1 * SPACING_KAPPA) - 1;
/** sklearn's clipping, as metrics.ts's crossEntropy. */
const EPSILON = 2.220446049250313e-16;

const MIN_STABILITY = 2 ** MIN_ELEVATION;
const MAX_STABILITY = 2 ** MAX_ELEVATION;
const CAP_STABILITY = 2 ** GAIN_HEIGHT_CAP;
const clampStability = (s: number) =>
  s < MIN_STABILITY ? MIN_STABILITY : s > MAX_STABILITY ? MAX_STABILITY : s;

/**
 * Total log loss and count of version 2 replayed over packed histories. When `perCard` is given
 * (histories packed apart) it receives each card's own total. It tracks the stability S = 2^E rather than E, so a success
 * multiplies S by 1 + (2^G − 1)·σ·m (the same as adding log2 of it to E) and its checkpoint term
 * coefficient^(log2(S) / span) is a power of S: fewer logarithms on the path taken most.
 */
export function memoryV2LogLoss(
  packed: PackedHistories,
  p: MemoryV2Parameters,
  perCard?: Float64Array,
): { sum: number; count: number } {
  const { nodes, depth, elapsedDays, grades, weight, card, maxDepth, count } = packed;
  if (perCard && !card) throw new Error('Per-card totals need histories packed with merge: false');
  perCard?.fill(0);
  const initial = [
    1,
    clampStability(2 ** p.initialElevationMissed),
    clampStability(2 ** p.initialElevationClose),
    clampStability(2 ** p.initialElevationExact),
    clampStability(2 ** p.initialElevationQuick),
  ];
  const factor = [0, 0, p.closeGainFactor, 1, p.quickGainFactor];
  const interceptGain = p.interceptElevationGain;
  const amplitudeGain = p.amplitudeElevationGain;
  const decayGain = p.decayRateElevationGain;
  const gainSpan = p.checkpointSpanElevationGain;
  // coefficient^(log2(S) / span) = e^(ln(S) · log2(coefficient) / span)
  const gainPower =
    gainSpan > 0 ? Math.log2(p.checkpointAmplitudeCoefficientElevationGain) / gainSpan : 0;
  const cappedGainTerm = Math.exp(Math.log(CAP_STABILITY) * gainPower);
  const interceptFall = p.interceptElevationDepreciation;
  const amplitudeFall = p.amplitudeElevationDepreciation;
  const decayFall = p.decayRateElevationDepreciation;
  const fallCoefficient = p.checkpointAmplitudeCoefficientElevationDepreciation;
  const fallSpan = p.checkpointSpanElevationDepreciation;
  const firstMiss = p.firstMissDifficulty;
  // The state after each position of the path being replayed (the parent of a node at depth k is
  // the last node at depth k − 1).
  const stabilityAt = new Float64Array(maxDepth);
  const lapsesAt = new Float64Array(maxDepth);
  const difficultyAt = new Float64Array(maxDepth);
  const factorAt = new Float64Array(maxDepth);
  let sum = 0;
  for (let i = 0; i < nodes; i++) {
    const k = depth[i] ?? 0;
    const grade = grades[i] ?? 3;
    if (k === 0) {
      const difficulty = grade === 1 ? firstMiss : 0;
      stabilityAt[0] = initial[grade] ?? 1;
      lapsesAt[0] = 0;
      difficultyAt[0] = difficulty;
      factorAt[0] = amplitudeGain * Math.exp(-decayGain * difficulty);
      continue;
    }
    let s = stabilityAt[k - 1] ?? 1;
    let lapses = lapsesAt[k - 1] ?? 0;
    let difficulty = difficultyAt[k - 1] ?? 0;
    let difficultyFactor = factorAt[k - 1] ?? 0;
    const x = 1 + (CURVE_FACTOR * (elapsedDays[i] ?? 0)) / s;
    const recall = 1 / Math.sqrt(x);
    const w = weight[i] ?? 0;
    if (w !== 0) {
      let loss: number;
      if (grade === 1) {
        const missed = 1 - recall;
        loss = -Math.log(missed < EPSILON ? EPSILON : missed);
      } else {
        loss = -Math.log(recall > 1 - EPSILON ? 1 - EPSILON : recall < EPSILON ? EPSILON : recall);
      }
      sum += w * loss;
      if (perCard && card) perCard[card[i] ?? 0] = (perCard[card[i] ?? 0] ?? 0) + w * loss;
    }
    if (grade === 1) {
      const elevation = Math.log2(s);
      const stage = fallSpan > 0 && elevation > 0 ? Math.floor(elevation / fallSpan) : 0;
      let delta = interceptFall;
      if (amplitudeFall !== 0) {
        delta += amplitudeFall * Math.exp(-decayFall * lapses) * fallCoefficient ** stage;
      }
      delta = delta < 0 ? 0 : delta > 1 ? 1 : delta;
      s = clampStability(Math.exp(LN2 * (elevation - delta * (elevation - MIN_ELEVATION))));
      lapses++;
      difficulty++;
      difficultyFactor = amplitudeGain * Math.exp(-decayGain * difficulty);
    } else {
      const boost =
        ((Math.exp(SPACING_KAPPA * (1 - recall)) - 1) / SPACING_NORMALISER) * (factor[grade] ?? 1);
      if (boost !== 0) {
        let gain = interceptGain;
        if (difficultyFactor !== 0) {
          const term =
            s <= 1 ? 1 : s >= CAP_STABILITY ? cappedGainTerm : Math.exp(Math.log(s) * gainPower);
          gain += difficultyFactor * term;
        }
        s = clampStability(s * (1 + (Math.exp(LN2 * gain) - 1) * boost));
      }
    }
    stabilityAt[k] = s;
    lapsesAt[k] = lapses;
    difficultyAt[k] = difficulty;
    factorAt[k] = difficultyFactor;
  }
  return { sum, count };
}
