/**
 * The three metrics of open-spaced-repetition/srs-benchmark: log loss, RMSE(bins) and AUC.
 */

/** What the metrics read from a prediction (a ReplayPrediction fits). */
export interface ScoredPrediction {
  p: number;
  y: 0 | 1;
  elapsedDays: number;
  reviewNumber: number;
  lapses: number;
}

/** sklearn's log_loss clips to the float64 epsilon. */
const EPSILON = 2.220446049250313e-16;

/** −ln of the probability given to what happened (`p` of a recall), clipped as sklearn does. */
export function crossEntropy(p: number, recalled: boolean): number {
  const clipped = Math.min(1 - EPSILON, Math.max(EPSILON, p));
  return -Math.log(recalled ? clipped : 1 - clipped);
}

/** Mean binary cross-entropy −(y·ln p + (1 − y)·ln(1 − p)). */
export function logLoss(predictions: readonly Pick<ScoredPrediction, 'p' | 'y'>[]): number {
  if (predictions.length === 0) return Number.NaN;
  let sum = 0;
  for (const { p, y } of predictions) sum += crossEntropy(p, y === 1);
  return sum / predictions.length;
}

/** floor(log_base(x)): the logarithmic bin index srs-benchmark rounds into a bin label. */
function logBin(x: number, base: number): number {
  return Math.floor(Math.log(x) / Math.log(base));
}

/**
 * The bin of a review: elapsed days (base 3.62), review number (base 1.89) and lapses (base 1.73,
 * 0 on its own), as srs-benchmark's rmse_matrix groups them.
 */
export function rmseBinKey(prediction: Omit<ScoredPrediction, 'p' | 'y'>): string {
  const delta = logBin(Math.max(prediction.elapsedDays, 1e-6), 3.62);
  const review = logBin(prediction.reviewNumber, 1.89);
  const lapses = prediction.lapses === 0 ? 'none' : String(logBin(prediction.lapses, 1.73));
  return `${delta}|${review}|${lapses}`;
}

/**
 * RMSE(bins): group the reviews by bin, compare the mean prediction with the mean outcome of each
 * bin, and weight each bin's squared error by its number of reviews.
 */
export function rmseBins(predictions: readonly ScoredPrediction[]): number {
  if (predictions.length === 0) return Number.NaN;
  const bins = new Map<string, { p: number; y: number; n: number }>();
  for (const prediction of predictions) {
    const key = rmseBinKey(prediction);
    const bin = bins.get(key) ?? { p: 0, y: 0, n: 0 };
    bin.p += prediction.p;
    bin.y += prediction.y;
    bin.n += 1;
    bins.set(key, bin);
  }
  let squared = 0;
  for (const { p, y, n } of bins.values()) squared += n * ((y - p) / n) ** 2;
  return Math.sqrt(squared / predictions.length);
}

/**
 * ROC AUC by the Mann–Whitney statistic, ties counted as half (as sklearn's roc_auc_score).
 * NaN when only one class is present.
 */
export function auc(predictions: readonly Pick<ScoredPrediction, 'p' | 'y'>[]): number {
  const sorted = [...predictions].sort((a, b) => a.p - b.p);
  let positives = 0;
  let rankSum = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    const p = sorted[i]?.p;
    while (j < sorted.length && sorted[j]?.p === p) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (sorted[k]?.y === 1) {
        positives++;
        rankSum += averageRank;
      }
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export interface Evaluation {
  logLoss: number;
  rmseBins: number;
  auc: number;
  count: number;
}

export function evaluate(predictions: readonly ScoredPrediction[]): Evaluation {
  return {
    logLoss: logLoss(predictions),
    rmseBins: rmseBins(predictions),
    auc: auc(predictions),
    count: predictions.length,
  };
}
