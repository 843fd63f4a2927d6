import { defaultSchedulerSettings, schedulerV1MemoryDefaults } from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ELEVATION,
  MIN_ELEVATION,
  checkpointStage,
  elevationDepreciation,
  elevationGain,
  forgettingCurve,
  newCardState,
  spacingEffect,
  updateMemory,
} from './memory-model';

// Version 1's engine with version 1's defaults (decision 0030 moved the contract's to version 2).
const settings = { ...defaultSchedulerSettings, ...schedulerV1MemoryDefaults };
const elevation = fc.double({ min: MIN_ELEVATION, max: MAX_ELEVATION, noNaN: true });
const recall = fc.double({ min: 0, max: 1, noNaN: true });
const memory = fc.record({
  elevation,
  lapses: fc.integer({ min: 0, max: 30 }),
  reps: fc.integer({ min: 0, max: 200 }),
});

describe('forgetting curve', () => {
  it('gives R(S) = 0.9 for every stability', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 36500, noNaN: true }), (s) => {
        expect(forgettingCurve(s, s)).toBeCloseTo(0.9, 12);
      }),
    );
  });

  it('is 1 at t = 0 and falls with time', () => {
    expect(forgettingCurve(0, 3)).toBe(1);
    expect(forgettingCurve(10, 3)).toBeLessThan(forgettingCurve(5, 3));
  });
});

describe('spacing effect', () => {
  it('is 1 on time, 0 at R = 1 and grows when late', () => {
    expect(spacingEffect(0.9)).toBeCloseTo(1, 12);
    expect(spacingEffect(1)).toBe(0);
    expect(spacingEffect(0.5)).toBeGreaterThan(1);
  });
});

describe('checkpoint stage', () => {
  it('counts whole spans above 0 and is 0 when off', () => {
    expect(checkpointStage(5, 2)).toBe(2);
    expect(checkpointStage(-2, 2)).toBe(0);
    expect(checkpointStage(9, 0)).toBe(0);
  });
});

describe('gain and depreciation with the defaults', () => {
  it('computes G and δ by the formulas', () => {
    // E = 3 → stage 1 at span 2; one lapse.
    expect(elevationGain(3, 1, settings)).toBeCloseTo(0.3 + 2.5 * 0.45 * Math.exp(-1.25), 12);
    expect(elevationDepreciation(3, 1, settings)).toBeCloseTo(
      0.12 + 0.12 * 1.35 * Math.exp(-0.4),
      12,
    );
  });

  it('takes a new card from E = -1 to -1 + G on a first success (σ = 1)', () => {
    const next = updateMemory(newCardState(), null, true, settings);
    expect(next.elevation).toBeCloseTo(-1 + 2.8, 12);
    expect(next).toMatchObject({ lapses: 0, reps: 1 });
  });

  it('never counts the first answer as a lapse, and counts later failures', () => {
    const first = updateMemory(newCardState(), null, false, settings);
    expect(first.lapses).toBe(0);
    expect(first.elevation).toBeCloseTo(-1 - 0.24 * 2, 12);
    expect(updateMemory(first, 0.5, false, settings).lapses).toBe(1);
  });
});

describe('extreme settings within the bounds', () => {
  it('keeps a number when a span near 0 makes the checkpoint stage huge', () => {
    // coefficient^stage overflows to ∞ (or to 0): a zero amplitude must still give 0, and an
    // answer at once (R = 1, σ = 0) must still add nothing.
    const p = {
      ...settings,
      amplitudeElevationGain: 0,
      checkpointSpanElevationGain: 1e-300,
      checkpointAmplitudeCoefficientElevationGain: 1.5,
      amplitudeElevationDepreciation: 0,
      checkpointSpanElevationDepreciation: 1e-300,
      checkpointAmplitudeCoefficientElevationDepreciation: 1.5,
    };
    expect(elevationGain(5, 0, p)).toBe(settings.interceptElevationGain);
    expect(elevationDepreciation(5, 0, p)).toBe(settings.interceptElevationDepreciation);
    const steep = { ...p, amplitudeElevationGain: 1 };
    const state = { elevation: 5, lapses: 0, reps: 3 };
    expect(updateMemory(state, 1, true, steep).elevation).toBe(5);
    expect(updateMemory(state, 0.5, true, steep).elevation).toBe(MAX_ELEVATION);
  });
});

describe('properties', () => {
  it('success never lowers and failure never raises the elevation', () => {
    fc.assert(
      fc.property(memory, recall, (state, r) => {
        expect(updateMemory(state, r, true, settings).elevation).toBeGreaterThanOrEqual(
          state.elevation,
        );
        expect(updateMemory(state, r, false, settings).elevation).toBeLessThanOrEqual(
          state.elevation,
        );
      }),
    );
  });

  it('keeps the elevation inside [-3, log2(36500)]', () => {
    fc.assert(
      fc.property(memory, recall, fc.boolean(), (state, r, success) => {
        const next = updateMemory(state, r, success, settings).elevation;
        expect(next).toBeGreaterThanOrEqual(MIN_ELEVATION);
        expect(next).toBeLessThanOrEqual(MAX_ELEVATION);
      }),
    );
  });
});
