import { defaultSchedulerSettings } from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MAX_PERIOD_DAYS } from './memory-model';
import { defaultMemoryV2Parameters } from './memory-v2-settings';
import { newCardStateV2, reviewV2, type SchedulerSettingsV2 } from './review-v2';

const settings: SchedulerSettingsV2 = { ...defaultSchedulerSettings, ...defaultMemoryV2Parameters };
const now = Date.UTC(2026, 10, 26);

describe('one answer under version 2', () => {
  it('grades a typed guess with the quick threshold and starts the card by its grade', () => {
    const quick = reviewV2(
      newCardStateV2(),
      { score: 1, elapsedMs: 1500, quickThresholdMs: 2000 },
      settings,
      now,
    );
    expect(quick.grade).toBe(4);
    expect(quick.predictedRecall).toBeNull();
    expect(quick.state).toMatchObject({ elevation: 4.42, reps: 1, lapses: 0, difficulty: 0 });
    expect(quick.period).toBe(Math.round(2 ** 4.42));
    expect(quick.dueAt).toBe(now + quick.period * DAY_MS);

    const slow = reviewV2(
      newCardStateV2(),
      { score: 1, elapsedMs: 2500, quickThresholdMs: 2000 },
      settings,
      now,
    );
    expect(slow.grade).toBe(3);
    expect(slow.period).toBe(Math.round(2 ** 3.02));

    const missed = reviewV2(newCardStateV2(), { grade: 1 }, settings, now);
    expect(missed.state).toMatchObject({ elevation: 0.94, difficulty: 0.91, lapses: 0 });
  });

  it('reads the time since the last answer, and an override of the grade', () => {
    const first = reviewV2(newCardStateV2(), { grade: 3 }, settings, now);
    const onTime = now + first.period * DAY_MS;
    const close = reviewV2(
      first.state,
      { score: 0.9, elapsedMs: 900, quickThresholdMs: 2000 },
      settings,
      onTime,
    );
    expect(close.grade).toBe(2);
    expect(close.predictedRecall).toBeGreaterThan(0.88);
    expect(close.predictedRecall).toBeLessThan(0.92);
    // A close answer adds nothing by default; overriding it to exact moves the card up.
    expect(close.state.elevation).toBe(first.state.elevation);
    const exact = reviewV2(first.state, { grade: 3 }, settings, onTime);
    expect(exact.state.elevation).toBeGreaterThan(close.state.elevation);
    expect(exact.period).toBeGreaterThan(close.period);
    const lapse = reviewV2(first.state, { grade: 1 }, settings, onTime);
    expect(lapse.state).toMatchObject({ lapses: 1, difficulty: 1, reps: 2 });
  });

  it('keeps whole periods within 1 to 36500 days over any run of answers (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(1, 2, 3, 4), fc.double({ min: 0, max: 3, noNaN: true })),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        (answers) => {
          let state = newCardStateV2();
          let at = now;
          for (const [grade, lateness] of answers) {
            const result = reviewV2(state, { grade: grade as 1 | 2 | 3 | 4 }, settings, at);
            expect(Number.isInteger(result.period)).toBe(true);
            expect(result.period).toBeGreaterThanOrEqual(1);
            expect(result.period).toBeLessThanOrEqual(MAX_PERIOD_DAYS);
            state = result.state;
            at += Math.round(result.period * lateness * DAY_MS);
          }
        },
      ),
    );
  });
});
