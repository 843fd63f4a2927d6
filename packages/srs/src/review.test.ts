import { defaultSchedulerSettings, schedulerV1MemoryDefaults } from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MAX_ELEVATION, MIN_ELEVATION, newCardState } from './memory-model';
import { gradeFromScore, nextPeriod, periodMultiplier } from './policy';
import { review } from './review';

// Version 1's engine with version 1's defaults (decision 0030 moved the contract's to version 2).
const settings = { ...defaultSchedulerSettings, ...schedulerV1MemoryDefaults };
const now = Date.UTC(2025, 0, 1);

describe('policy', () => {
  it('derives the grade from the score', () => {
    expect(gradeFromScore(1, settings)).toBe(3);
    expect(gradeFromScore(0.9, settings)).toBe(2);
    expect(gradeFromScore(0.85, settings)).toBe(2);
    expect(gradeFromScore(0.84, settings)).toBe(1);
  });

  it('brings a card back when R reaches 0.9 with M = 1', () => {
    expect(nextPeriod(2, 4, true, settings)).toBe(16);
  });

  it('applies the period-depreciation factor per checkpoint crossed by a fall', () => {
    // E 7 → 2.5 crosses stages 3 → 1 of span 2: two factors of 0.7.
    expect(periodMultiplier(7, 2.5, false, settings)).toBeCloseTo(0.49, 12);
    expect(nextPeriod(7, 2.5, false, settings)).toBe(Math.round(2 ** 2.5 * 0.49));
  });

  it('keeps the period within 1 to 36500 days for any settings in bounds', () => {
    const e = fc.double({ min: MIN_ELEVATION, max: MAX_ELEVATION, noNaN: true });
    fc.assert(
      fc.property(
        e,
        e,
        fc.boolean(),
        fc.double({ min: 0.5, max: 1.5, noNaN: true }),
        fc.double({ min: 0.25, max: 1, noNaN: true }),
        (before, after, success, gain, depreciation) => {
          const period = nextPeriod(before, after, success, {
            ...settings,
            checkpointAmplitudeCoefficientPeriodGain: gain,
            checkpointAmplitudeCoefficientPeriodDepreciation: depreciation,
          });
          expect(period).toBeGreaterThanOrEqual(1);
          expect(period).toBeLessThanOrEqual(36500);
          expect(Number.isInteger(period)).toBe(true);
        },
      ),
    );
  });
});

describe('review', () => {
  it('schedules a new card after a success and records the answer', () => {
    const result = review(newCardState(), { score: 1 }, settings, now);
    expect(result).toMatchObject({ success: true, grade: 3, predictedRecall: null });
    expect(result.state.elevation).toBeCloseTo(1.8, 12);
    expect(result.period).toBe(Math.round(2 ** 1.8));
    expect(result.dueAt).toBe(now + result.period * DAY_MS);
    expect(result.state).toMatchObject({ reps: 1, lastReviewAt: now, dueAt: result.dueAt });
  });

  it('predicts R from the time since the last review', () => {
    const first = review(newCardState(), { grade: 3 }, settings, now).state;
    const stabilityDays = 2 ** first.elevation;
    const later = review(first, { grade: 1 }, settings, now + stabilityDays * DAY_MS);
    expect(later.predictedRecall).toBeCloseTo(0.9, 9);
    expect(later.success).toBe(false);
    expect(later.state.lapses).toBe(1);
    expect(later.state.elevation).toBeLessThan(first.elevation);
  });

  it('treats a score under guessSuccessMinimumScore as a failure', () => {
    const result = review(newCardState(), { score: 0.5 }, settings, now);
    expect(result).toMatchObject({ success: false, grade: 1 });
  });

  it('reflows deterministically inside the window and never changes E', () => {
    let state = newCardState();
    let t = now;
    for (let i = 0; i < 4; i++) {
      state = review(state, { grade: 3 }, settings, t).state;
      t = state.dueAt ?? t;
    }
    const plain = review(state, { grade: 3 }, settings, t);
    const context = { cardId: 'card-1', dueOn: (day: number) => day % 3 };
    const reflowed = review(state, { grade: 3 }, { ...settings, reflowValue: 0.25 }, t, context);
    const again = review(state, { grade: 3 }, { ...settings, reflowValue: 0.25 }, t, context);
    expect(reflowed.state.elevation).toBe(plain.state.elevation);
    expect(reflowed.period).toBe(again.period);
    const radius = Math.round(0.25 * plain.period);
    expect(reflowed.period).toBeGreaterThanOrEqual(plain.period - radius);
    expect(reflowed.period).toBeLessThanOrEqual(plain.period + radius);
  });
});
