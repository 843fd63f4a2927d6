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
/** −ln of the probability given to what happened (`p` of a recall), clipped as sklearn does. */
export declare function crossEntropy(p: number, recalled: boolean): number;
/** Mean binary cross-entropy −(y·ln p + (1 − y)·ln(1 − p)). */
export declare function logLoss(predictions: readonly Pick<ScoredPrediction, 'p' | 'y'>[]): number;
/**
 * The bin of a review: elapsed days (base 3.62), review number (base 1.89) and lapses (base 1.73,
 * 0 on its own), as srs-benchmark's rmse_matrix groups them.
 */
export declare function rmseBinKey(prediction: Omit<ScoredPrediction, 'p' | 'y'>): string;
/**
 * RMSE(bins): group the reviews by bin, compare the mean prediction with the mean outcome of each
 * bin, and weight each bin's squared error by its number of reviews.
 */
export declare function rmseBins(predictions: readonly ScoredPrediction[]): number;
/**
 * ROC AUC by the Mann–Whitney statistic, ties counted as half (as sklearn's roc_auc_score).
 * NaN when only one class is present.
 */
export declare function auc(predictions: readonly Pick<ScoredPrediction, 'p' | 'y'>[]): number;
export interface Evaluation {
    logLoss: number;
    rmseBins: number;
    auc: number;
    count: number;
}
export declare function evaluate(predictions: readonly ScoredPrediction[]): Evaluation;
