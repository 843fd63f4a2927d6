import { defaultSchedulerSettings } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { fitMemoryParameters } from './fit';
import { memoryLogLoss } from './memory-log-loss';
import { pickMemoryParameters, retrievability, updateMemory } from './memory-model';
import { auc, logLoss, rmseBinKey, rmseBins } from './metrics';
import {
  averageRecall,
  constantRecallModel,
  elevationRecallModel,
  replay,
  type CardHistory,
} from './replay';

const defaults = pickMemoryParameters(defaultSchedulerSettings);
const at = { elapsedDays: 3, reviewNumber: 2, lapses: 0 };

describe('metrics', () => {
  it('log loss of hand-computed predictions', () => {
    const predictions = [
      { p: 0.8, y: 1 as const },
      { p: 0.4, y: 0 as const },
    ];
    expect(logLoss(predictions)).toBeCloseTo(-(Math.log(0.8) + Math.log(0.6)) / 2, 12);
    expect(Number.isFinite(logLoss([{ p: 1, y: 0 }]))).toBe(true);
  });

  it('AUC counts ties as half', () => {
    expect(
      auc([
        { p: 0.9, y: 1 },
        { p: 0.8, y: 1 },
        { p: 0.3, y: 0 },
      ]),
    ).toBe(1);
    // Pairs (positive, negative): (0.6 > 0.4) 1, (0.6 = 0.6) 0.5, (0.2 < 0.4) 0, (0.2 < 0.6) 0.
    expect(
      auc([
        { p: 0.6, y: 1 },
        { p: 0.2, y: 1 },
        { p: 0.4, y: 0 },
        { p: 0.6, y: 0 },
      ]),
    ).toBeCloseTo(1.5 / 4, 12);
    expect(auc([{ p: 0.5, y: 1 }])).toBeNaN();
  });

  it('RMSE(bins) compares bin means weighted by bin size', () => {
    // One bin of three: mean p 0.7, mean y 2/3. A second bin of one: p 0.5, y 0.
    const far = { elapsedDays: 100, reviewNumber: 2, lapses: 0 };
    const value = rmseBins([
      { ...at, p: 0.6, y: 1 },
      { ...at, p: 0.7, y: 1 },
      { ...at, p: 0.8, y: 0 },
      { ...far, p: 0.5, y: 0 },
    ]);
    expect(value).toBeCloseTo(Math.sqrt((3 * (0.7 - 2 / 3) ** 2 + 0.25) / 4), 12);
  });

  it('bins elapsed days by 3.62, review numbers by 1.89 and lapses by 1.73', () => {
    expect(rmseBinKey({ elapsedDays: 1, reviewNumber: 2, lapses: 0 })).toBe(
      rmseBinKey({ elapsedDays: 3, reviewNumber: 3, lapses: 0 }),
    );
    expect(rmseBinKey({ elapsedDays: 3, reviewNumber: 2, lapses: 0 })).not.toBe(
      rmseBinKey({ elapsedDays: 4, reviewNumber: 2, lapses: 0 }),
    );
    expect(rmseBinKey({ ...at, lapses: 0 })).not.toBe(rmseBinKey({ ...at, lapses: 1 }));
  });
});

const histories: CardHistory[] = [
  [
    { elapsedDays: 0, grade: 3 },
    { elapsedDays: 3, grade: 3 },
    { elapsedDays: 8, grade: 1 },
    { elapsedDays: 1, grade: 2 },
  ],
  [
    { elapsedDays: 0, grade: 1 },
    { elapsedDays: 1, grade: 4 },
  ],
];

describe('replay', () => {
  it('predicts every review after the first from the state before it', () => {
    const predictions = replay(histories, elevationRecallModel(defaults));
    expect(predictions.map((p) => [p.card, p.reviewNumber, p.y, p.lapses])).toEqual([
      [0, 2, 1, 0],
      [0, 3, 0, 0],
      [0, 4, 1, 1],
      [1, 2, 1, 0],
    ]);
    const first = updateMemory({ elevation: -1, lapses: 0, reps: 0 }, null, true, defaults);
    expect(predictions[0]?.p).toBeCloseTo(retrievability(3, first.elevation), 12);
    const sum = predictions.reduce((s, p) => s - Math.log(p.y ? p.p : 1 - p.p), 0);
    expect(memoryLogLoss(histories, defaults).sum).toBeCloseTo(sum, 9);
  });

  it('scores only from the given position and averages the baseline', () => {
    const later = replay(histories, constantRecallModel(0.75), { scoreFrom: () => 2 });
    expect(later.map((p) => p.reviewNumber)).toEqual([3, 4]);
    expect(averageRecall(histories)).toBe(0.75);
  });
});

describe('fit', () => {
  it('keeps the defaults below the minimum number of reviews', () => {
    const result = fitMemoryParameters(histories, defaults);
    expect(result).toMatchObject({ fitted: false, parameters: defaults, reviews: 4 });
  });

  it('lowers the training log loss within the bounds on a synthetic log', () => {
    // Cards that are always recalled at ever longer intervals: the fit climbs faster.
    const easy: CardHistory[] = Array.from({ length: 40 }, () => [
      { elapsedDays: 0, grade: 3 },
      ...[4, 12, 40, 120, 365, 900].map((elapsedDays) => ({ elapsedDays, grade: 3 as const })),
    ]);
    const result = fitMemoryParameters(easy, defaults, {
      minReviews: 100,
      priorWeights: [1],
      spanGrid: [0, 2],
      maxEvaluations: 60,
    });
    expect(result.fitted).toBe(true);
    expect(result.logLossAfter).toBeLessThan(result.logLossBefore);
    expect(result.parameters.amplitudeElevationGain).toBeLessThanOrEqual(5);
    expect(result.parameters.checkpointAmplitudeCoefficientElevationGain).toBeGreaterThanOrEqual(
      0.3,
    );
  });
});
