import { defaultSchedulerSettings } from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUICK_MINIMUM_ANSWERS,
  QUICK_WINDOW,
  gradeGuess,
  passFailGrade,
  quickThresholdMs,
  withoutQuick,
} from './grades';

const settings = defaultSchedulerSettings;

describe('quick threshold', () => {
  it('is null before 30 exact answers with a time', () => {
    expect(quickThresholdMs([])).toBeNull();
    expect(quickThresholdMs(Array.from({ length: QUICK_MINIMUM_ANSWERS - 1 }, () => 1000))).toBe(
      null,
    );
    // Unknown times do not count toward the 30.
    const times = [...Array.from({ length: 29 }, () => 1000), null, Number.NaN, -5];
    expect(quickThresholdMs(times)).toBeNull();
  });

  it('is the 20th percentile, interpolated between order statistics', () => {
    // 1000, 2000, …, 30000: position 0.2 · 29 = 5.8 → 6000 + 0.8 · 1000.
    const times = Array.from({ length: 30 }, (_, i) => (30 - i) * 1000);
    expect(quickThresholdMs(times)).toBeCloseTo(6800, 9);
    // 101 equal steps: exactly the 21st smallest.
    expect(quickThresholdMs(Array.from({ length: 101 }, (_, i) => i))).toBeCloseTo(20, 9);
  });

  it('reads only the last 500 exact answers', () => {
    const old = Array.from({ length: 1000 }, () => 100);
    const recent = Array.from({ length: QUICK_WINDOW }, () => 5000);
    expect(quickThresholdMs([...old, ...recent])).toBe(5000);
    expect(quickThresholdMs([...recent, ...old])).toBe(100);
  });

  it('lies within the times and below the median (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 600_000, noNaN: true }), {
          minLength: 30,
          maxLength: 700,
        }),
        (times) => {
          const threshold = quickThresholdMs(times);
          const window = times.slice(-QUICK_WINDOW).sort((a, b) => a - b);
          expect(threshold).not.toBeNull();
          expect(threshold ?? Number.NaN).toBeGreaterThanOrEqual(window[0] ?? 0);
          expect(threshold ?? Number.NaN).toBeLessThanOrEqual(
            window[Math.floor(window.length / 2)] ?? 0,
          );
          const quick = window.filter((t) => t <= (threshold ?? 0)).length;
          expect(quick).toBeGreaterThanOrEqual(Math.ceil(0.2 * (window.length - 1)));
        },
      ),
    );
  });
});

describe('grade of a typed guess', () => {
  it('is missed below the success score, close between, exact at 1', () => {
    expect(gradeGuess({ score: 0.84, elapsedMs: 100 }, settings, 2000)).toBe(1);
    expect(gradeGuess({ score: 0.85, elapsedMs: 100 }, settings, 2000)).toBe(2);
    expect(gradeGuess({ score: 0.99, elapsedMs: 100 }, settings, 2000)).toBe(2);
    expect(gradeGuess({ score: 1, elapsedMs: 2001 }, settings, 2000)).toBe(3);
  });

  it('is quick when exact within the threshold, never without one or without a time', () => {
    expect(gradeGuess({ score: 1, elapsedMs: 2000 }, settings, 2000)).toBe(4);
    expect(gradeGuess({ score: 1, elapsedMs: 0 }, settings, 2000)).toBe(4);
    expect(gradeGuess({ score: 1, elapsedMs: 10 }, settings, null)).toBe(3);
    expect(gradeGuess({ score: 1, elapsedMs: null }, settings, 2000)).toBe(3);
    expect(gradeGuess({ score: 1, elapsedMs: Number.NaN }, settings, 2000)).toBe(3);
  });

  it('follows the learner’s success score', () => {
    expect(gradeGuess({ score: 0.7, elapsedMs: 1 }, { guessSuccessMinimumScore: 0.6 }, 10)).toBe(2);
    expect(gradeGuess({ score: 0.7, elapsedMs: 1 }, { guessSuccessMinimumScore: 0.9 }, 10)).toBe(1);
  });

  it('never grades a slower or worse guess higher (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        (a, b, ta, tb, threshold) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const [fast, slow] = ta <= tb ? [ta, tb] : [tb, ta];
          expect(
            gradeGuess({ score: low, elapsedMs: fast }, settings, threshold),
          ).toBeLessThanOrEqual(gradeGuess({ score: high, elapsedMs: fast }, settings, threshold));
          expect(
            gradeGuess({ score: high, elapsedMs: slow }, settings, threshold),
          ).toBeLessThanOrEqual(gradeGuess({ score: high, elapsedMs: fast }, settings, threshold));
        },
      ),
    );
  });

  it('merges quick into exact for three grades, every success into exact for pass/fail', () => {
    expect([1, 2, 3, 4].map((g) => withoutQuick(g as 1 | 2 | 3 | 4))).toEqual([1, 2, 3, 3]);
    expect([1, 2, 3, 4].map((g) => passFailGrade(g as 1 | 2 | 3 | 4))).toEqual([1, 3, 3, 3]);
  });
});
