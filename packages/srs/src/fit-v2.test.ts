import { describe, expect, it } from 'vitest';
import { MIN_FIT_V2_REVIEWS, fitMemoryV2, memoryV2MeanLogLoss, priorDistanceV2 } from './fit-v2';
import { retrievability, stability } from './memory-model';
import {
  answerMemoryV2,
  elevationDepreciationV2,
  elevationGainV2,
  type MemoryV2State,
} from './memory-model-v2';
import { packHistories } from './memory-v2-log-loss';
import {
  defaultMemoryV2Parameters,
  memoryV2ParameterNames,
  memoryV2Settings,
  type MemoryV2Parameters,
} from './memory-v2-settings';
import { nelderMeadWithRestarts } from './nelder-mead';
import type { Grade } from './policy';
import { seededRandom } from './reflow';
import type { CardHistory } from './replay';

const defaults = defaultMemoryV2Parameters;

/**
 * Cards answered by a learner whose memory follows version 2 with `truth`: each review comes
 * after 0.3–3 times the predicted stability, is recalled with probability R, and a success is
 * close one time in ten and quick one time in four.
 */
function simulate(truth: MemoryV2Parameters, cards: number, reviews: number, seed: string) {
  const random = seededRandom(seed);
  const successGrade = (): Grade => {
    const u = random();
    return u < 0.1 ? 2 : u < 0.35 ? 4 : 3;
  };
  return Array.from({ length: cards }, () => {
    const history: { elapsedDays: number; grade: Grade }[] = [];
    let state: MemoryV2State | null = null;
    for (let j = 0; j < reviews; j++) {
      let elapsedDays = 0;
      let grade: Grade;
      if (state === null) {
        grade = random() < 0.25 ? 1 : successGrade();
      } else {
        elapsedDays = Math.max(1, Math.round(stability(state.elevation) * (0.3 + 2.7 * random())));
        grade = random() < retrievability(elapsedDays, state.elevation) ? successGrade() : 1;
      }
      history.push({ elapsedDays, grade });
      state = answerMemoryV2(state, elapsedDays, grade, truth);
    }
    return history;
  });
}

/** A learner unlike the defaults, within the bounds. */
const truth: MemoryV2Parameters = {
  ...defaults,
  interceptElevationGain: 0.7,
  amplitudeElevationGain: 0.8,
  decayRateElevationGain: 0.5,
  checkpointAmplitudeCoefficientElevationGain: 1.2,
  interceptElevationDepreciation: 0.25,
  amplitudeElevationDepreciation: 0.2,
  initialElevationMissed: -1,
  initialElevationClose: 1.5,
  initialElevationExact: 2,
  initialElevationQuick: 3,
  closeGainFactor: 0.5,
  quickGainFactor: 2,
  firstMissDifficulty: 1.5,
};

describe('fitting version 2', () => {
  it('recovers known numbers from a simulated learner', () => {
    const histories = simulate(truth, 1500, 7, 'fit v2 recovery');
    const fit = fitMemoryV2(histories, defaults, { priorWeight: 0, maxEvaluations: 15_000 });
    const truthLoss = memoryV2MeanLogLoss(histories, truth);
    expect(fit.fitted).toBe(true);
    expect(fit.reviews).toBe(1500 * 6);
    // At least as good as the truth on the data it was fitted to…
    expect(fit.logLossAfter).toBeLessThanOrEqual(truthLoss + 5e-4);
    expect(fit.logLossAfter).toBeLessThan(fit.logLossBefore);
    // …and what the data pin down is found, much closer to the truth than the start: the start
    // elevations, the grade factors, and the gain and the fall at several heights (their intercept
    // and amplitude trade off against each other, so those are compared as G and δ).
    const closer = (name: string, fitted: number, wanted: number, start: number, scale: number) => {
      const error = Math.abs(fitted - wanted);
      expect(error, name).toBeLessThan(0.6 * Math.abs(start - wanted));
      expect(error / scale, name).toBeLessThan(0.15);
    };
    for (const name of [
      'initialElevationMissed',
      'initialElevationClose',
      'initialElevationExact',
      'initialElevationQuick',
      'closeGainFactor',
      'quickGainFactor',
    ] as const) {
      const { min, max } = memoryV2Settings[name];
      closer(name, fit.parameters[name], truth[name], defaults[name], max - min);
    }
    for (const height of [0, 2, 4]) {
      const gain = (q: MemoryV2Parameters) => elevationGainV2(height, 0, q);
      closer(`G(${height})`, gain(fit.parameters), gain(truth), gain(defaults), gain(truth));
    }
    for (const height of [1, 3, 5]) {
      const fall = (q: MemoryV2Parameters) => elevationDepreciationV2(height, 0, q);
      closer(`δ(${height})`, fall(fit.parameters), fall(truth), fall(defaults), fall(truth));
    }
  }, 120_000);

  it('keeps the start below the minimum of reviews', () => {
    const histories = simulate(truth, 40, 5, 'fit v2 few');
    const fit = fitMemoryV2(histories, defaults);
    expect(fit.reviews).toBeLessThan(MIN_FIT_V2_REVIEWS);
    expect(fit).toMatchObject({ fitted: false, parameters: defaults, evaluations: 1 });
    expect(fit.logLossAfter).toBe(fit.logLossBefore);
  });

  it('never does worse than the start, stays within the bounds and reports progress', () => {
    const histories = simulate(truth, 120, 5, 'fit v2 bounds');
    const progress: number[] = [];
    const fit = fitMemoryV2(histories, defaults, {
      maxEvaluations: 3000,
      onProgress: ({ evaluations }) => progress.push(evaluations),
    });
    expect(fit.logLossAfter).toBeLessThanOrEqual(fit.logLossBefore);
    for (const name of memoryV2ParameterNames) {
      expect(fit.parameters[name]).toBeGreaterThanOrEqual(memoryV2Settings[name].min);
      expect(fit.parameters[name]).toBeLessThanOrEqual(memoryV2Settings[name].max);
    }
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(fit.evaluations).toBeLessThanOrEqual(3000 + 60);
  });

  it('pulls toward the start more strongly with a heavier prior', () => {
    const histories = simulate(truth, 100, 6, 'fit v2 prior');
    const loose = fitMemoryV2(histories, defaults, { priorWeight: 0, maxEvaluations: 4000 });
    const tight = fitMemoryV2(histories, defaults, { priorWeight: 5000, maxEvaluations: 4000 });
    expect(priorDistanceV2(tight.parameters, defaults)).toBeLessThan(
      priorDistanceV2(loose.parameters, defaults),
    );
  });

  it('scores only from each card’s cut when packed with one', () => {
    const histories: CardHistory[] = simulate(truth, 30, 6, 'fit v2 cut');
    const packed = packHistories(histories, { scoreFrom: () => 4 });
    expect(packed.count).toBe(30 * 2);
  });
});

describe('Nelder–Mead with restarts', () => {
  it('converges on a bowl in the unit cube and stops once a restart gains nothing', () => {
    const target = [0.2, 0.7, 0.4, 0.9, 0.1];
    const result = nelderMeadWithRestarts(
      (u) => u.reduce((sum, x, i) => sum + (i + 1) * (x - (target[i] ?? 0)) ** 2, 0),
      [0.5, 0.5, 0.5, 0.5, 0.5],
      { maxEvaluations: 20_000, runEvaluations: 2_000, tolerance: 1e-12 },
    );
    expect(result.converged).toBe(true);
    expect(result.runs).toBeGreaterThan(1);
    result.point.forEach((x, i) => expect(x).toBeCloseTo(target[i] ?? 0, 4));
  });
});
