import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, type CardState } from './memory-model';
import {
  loadWeight,
  pickDay,
  reflowPeriod,
  reflowWindow,
  seededRandom,
  spreadBacklog,
} from './reflow';

const relative = (reflowValue: number) => ({ isReflowAbsolute: false, reflowValue });
const absolute = (reflowValue: number) => ({ isReflowAbsolute: true, reflowValue });
const period = fc.integer({ min: 1, max: 36500 });
const load = fc.func(fc.integer({ min: 0, max: 50 }));
const settings = fc.oneof(
  fc.double({ min: 0, max: 0.25, noNaN: true }).map(relative),
  fc.double({ min: 0, max: 7, noNaN: true }).map(absolute),
);

describe('reflow', () => {
  it('stays in [max(1, P − r), P + r]', () => {
    fc.assert(
      fc.property(period, settings, fc.string(), load, (p, s, seed, dueOn) => {
        const r = s.isReflowAbsolute ? s.reflowValue : Math.round(s.reflowValue * p);
        const day = reflowPeriod(p, s, seed, dueOn);
        expect(Number.isInteger(day)).toBe(true);
        if (p < 3) {
          expect(day).toBe(p);
        } else {
          expect(day).toBeGreaterThanOrEqual(Math.max(1, p - r));
          expect(day).toBeLessThanOrEqual(Math.min(36500, p + r));
        }
      }),
    );
  });

  it('changes nothing at reflowValue 0 and when P < 3', () => {
    fc.assert(
      fc.property(period, fc.string(), load, (p, seed, dueOn) => {
        expect(reflowPeriod(p, relative(0), seed, dueOn)).toBe(p);
        expect(reflowPeriod(p, absolute(0), seed, dueOn)).toBe(p);
      }),
    );
    expect(reflowWindow(2, absolute(7))).toEqual([2, 2]);
    expect(reflowPeriod(1, absolute(7), 'x')).toBe(1);
  });

  it('is deterministic for the same seed', () => {
    fc.assert(
      fc.property(period, settings, fc.string(), load, (p, s, seed, dueOn) => {
        expect(reflowPeriod(p, s, seed, dueOn)).toBe(reflowPeriod(p, s, seed, dueOn));
      }),
    );
    const a = seededRandom('card:3');
    const b = seededRandom('card:3');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('weights an empty day 1 and a loaded day (1/n)^2.15 · (1/day)^3', () => {
    expect(loadWeight(0, 10)).toBe(1);
    expect(loadWeight(2, 4)).toBeCloseTo(0.5 ** 2.15 / 64, 15);
  });

  it('prefers the empty day', () => {
    const dueOn = (day: number) => (day === 12 ? 0 : 40);
    const picks = Array.from({ length: 50 }, (_, i) =>
      pickDay(10, 14, seededRandom(`c${i}`), dueOn),
    );
    expect(picks.filter((day) => day === 12).length).toBeGreaterThan(45);
  });
});

describe('spreadBacklog', () => {
  const now = Date.UTC(2025, 5, 1);
  const card = (id: string, periodDays: number, overdueDays: number): CardState => ({
    elevation: Math.log2(periodDays),
    period: periodDays,
    lapses: 0,
    reps: 5,
    lastReviewAt: now - (periodDays + overdueDays) * DAY_MS,
    dueAt: now - overdueDays * DAY_MS,
  });

  it('moves only overdue cards, inside [1, 1 + 2r] days, keeping E and the period', () => {
    const cards = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `due${i}`, state: card(`due${i}`, 40, i) })),
      { id: 'future', state: { ...card('future', 40, 0), dueAt: now + 5 * DAY_MS } },
    ];
    const spread = spreadBacklog(cards, relative(0.1), now);
    const days = new Set<number>();
    spread.forEach(({ id, state }, i) => {
      const before = cards[i]?.state;
      expect(state.elevation).toBe(before?.elevation);
      expect(state.period).toBe(before?.period);
      if (id === 'future') {
        expect(state.dueAt).toBe(now + 5 * DAY_MS);
        return;
      }
      const day = ((state.dueAt ?? 0) - now) / DAY_MS;
      expect(day).toBeGreaterThanOrEqual(1);
      expect(day).toBeLessThanOrEqual(9);
      days.add(day);
    });
    expect(days.size).toBe(9);
    expect(spreadBacklog(cards, relative(0.1), now)).toEqual(spread);
  });
});
