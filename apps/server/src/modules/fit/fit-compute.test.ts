import { describe, expect, it } from 'vitest';
import { memoryV2Settings, type StudyFit } from '@glossa/contract';
import {
  defaultMemoryV2Parameters,
  memoryV2LogLoss,
  memoryV2ParameterNames,
  packHistories as packForLogLoss,
  seededRandom,
  type CardHistory,
  type Grade,
  type MemoryV2Parameters,
} from '@glossa/srs';
import {
  computeFit,
  onStep,
  packHistories,
  sampleHistories,
  scoredReviews,
  unpackHistories,
} from './fit-compute';
import { buildHistories } from './fit.service';
import type { FitLogRow } from './fit.repository';

// Version 2's seventeen numbers (decision 0030).
const defaults = defaultMemoryV2Parameters;
const proposed = (fit: StudyFit): MemoryV2Parameters => ({ ...fit.settings, ...fit.gradeSettings });
const meanLoss = (all: CardHistory[], parameters: MemoryV2Parameters) => {
  const { sum, count } = memoryV2LogLoss(packForLogLoss(all, { merge: false }), parameters);
  return sum / count;
};

/** Cards answered near a fixed stability: enough to fit, not a model of anyone. */
function histories(cards: number, perCard: number, seed = 'fit'): CardHistory[] {
  const random = seededRandom(seed);
  return Array.from({ length: cards }, () => {
    let stability = 1 + random();
    return Array.from({ length: perCard }, (_, i) => {
      const elapsedDays = i === 0 ? 0 : stability * (0.5 + random());
      const recall = (1 + ((19 / 81) * elapsedDays) / stability) ** -0.5;
      const success = random() < (i === 0 ? 0.7 : recall);
      stability = success ? stability * 2.5 : Math.max(0.5, stability * 0.5);
      return { elapsedDays, grade: (success ? 3 : 1) as Grade };
    });
  });
}

describe('fit computation', () => {
  it('packs and unpacks histories unchanged', () => {
    const original = histories(7, 5);
    original.push([]);
    expect(unpackHistories(packHistories(original))).toEqual(original);
  });

  it('samples whole cards up to about the maximum, the same every time', () => {
    const all = histories(100, 11);
    expect(sampleHistories(all, 5000)).toEqual(all);
    const sample = sampleHistories(all, 300);
    expect(scoredReviews(sample)).toBe(300);
    for (const history of sample) expect(all).toContain(history);
    expect(sampleHistories(all, 300)).toEqual(sample);
  });

  it('puts a fitted number on its step, inside its bounds', () => {
    expect(onStep('interceptElevationGain', 0.31749)).toBe(0.32);
    expect(onStep('checkpointSpanElevationGain', 2.96)).toBe(3);
    expect(onStep('amplitudeElevationDepreciation', 1.004)).toBe(1);
    expect(onStep('checkpointAmplitudeCoefficientElevationGain', 0.29)).toBe(0.3);
  });

  it('fits a sample of a long log and measures both losses on the whole log', () => {
    const all = histories(120, 9);
    const heard: number[] = [];
    const result = computeFit(
      {
        histories: packHistories(all),
        current: defaults,
        minimumReviews: 300,
        maximumFittedReviews: 500,
      },
      ({ evaluations }) => heard.push(evaluations),
    );
    // Progress after every optimiser run: evaluations so far, growing.
    expect(heard.length).toBeGreaterThan(0);
    expect(heard[0]).toBeGreaterThan(0);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    expect(result.reviewCount).toBe(120 * 8);
    expect(result.enoughHistory).toBe(true);
    expect(result.fittedReviewCount).toBe(504);
    expect(result.logLossBefore).toBeCloseTo(meanLoss(all, defaults), 12);
    expect(result.logLossAfter).toBeCloseTo(meanLoss(all, proposed(result)), 12);
    expect(result.logLossAfter ?? Infinity).toBeLessThan(result.logLossBefore ?? 0);
    for (const name of memoryV2ParameterNames) {
      const { min, max, step } = memoryV2Settings[name];
      const value = proposed(result)[name];
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
      expect(Math.abs(value / step - Math.round(value / step))).toBeLessThan(1e-6);
    }
  });

  it('proposes the current numbers when the fit does not beat them', () => {
    const all = histories(60, 7, 'current');
    const first = computeFit({
      histories: packHistories(all),
      current: defaults,
      minimumReviews: 300,
      maximumFittedReviews: 5000,
    });
    // Starting from the fitted numbers, the same fit cannot do better than they do.
    const again = computeFit({
      histories: packHistories(all),
      current: proposed(first),
      minimumReviews: 300,
      maximumFittedReviews: 5000,
    });
    expect(proposed(again)).toEqual(proposed(first));
    expect(again.logLossAfter).toBe(again.logLossBefore);
  });
});

describe('histories from the log', () => {
  const row = (
    id: string,
    card: string,
    seq: number,
    at: number,
    kind: FitLogRow['kind'] = 'review',
    grade = 3,
    target: string | null = null,
  ): FitLogRow => ({
    id,
    card_id: card,
    seq,
    kind,
    target_id: target,
    reviewed_at: at,
    grade,
  });
  const day = 86_400_000;

  it('drops undone reviews, takes an override’s grade and measures days between counted reviews', () => {
    const rows = [
      row('a1', 'A', 1, 0),
      row('b1', 'B', 2, day / 2, 'review', 1),
      row('a2', 'A', 3, 2 * day, 'review', 1),
      row('o1', 'A', 4, 2 * day + 1000, 'override', 2, 'a2'),
      row('a3', 'A', 5, 5 * day, 'review', 3),
      row('u1', 'A', 6, 5 * day + 10, 'undo', 3, 'a3'),
      row('a4', 'A', 7, 6 * day, 'review', 1),
      row('b2', 'B', 8, 3 * day, 'review', 2),
    ];
    expect(buildHistories(rows)).toEqual([
      [
        { elapsedDays: 0, grade: 3 },
        { elapsedDays: 2, grade: 2 },
        { elapsedDays: 4, grade: 1 },
      ],
      [
        { elapsedDays: 0, grade: 1 },
        { elapsedDays: 2.5, grade: 2 },
      ],
    ]);
  });
});
