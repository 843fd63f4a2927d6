import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextCombo, nextComboCount, type ComboState } from './combo';

const zero: ComboState = { current: 0, best: 0, bestAt: null };

/** The combo after answers given one a second from 1 s, from no combo. */
function replay(answers: readonly boolean[]): ComboState {
  return answers.reduce(
    (combo, success, index) => nextCombo(combo, success, (index + 1) * 1000),
    zero,
  );
}

describe('combo', () => {
  it('counts consecutive successes and records when a new best is reached', () => {
    expect(replay([true, true, true])).toEqual({ current: 3, best: 3, bestAt: 3000 });
  });

  it('starts again from nothing after a failure and keeps the best', () => {
    expect(replay([true, true, false])).toEqual({ current: 0, best: 2, bestAt: 2000 });
    expect(replay([true, true, false, true])).toEqual({ current: 1, best: 2, bestAt: 2000 });
  });

  it('keeps the time a best was first reached when a later run only equals it', () => {
    expect(replay([true, true, false, true, true])).toEqual({ current: 2, best: 2, bestAt: 2000 });
    expect(replay([true, true, false, true, true, true])).toEqual({
      current: 3,
      best: 3,
      bestAt: 6000,
    });
  });

  it('moves the run as nextComboCount does and the best only past itself (property)', () => {
    const state = fc
      .record({ current: fc.nat(1000), extra: fc.nat(1000), bestAt: fc.nat() })
      .map(({ current, extra, bestAt }) => ({ current, best: current + extra, bestAt }));
    fc.assert(
      fc.property(state, fc.boolean(), fc.nat(), (before, success, at) => {
        const after = nextCombo(before, success, at);
        expect(after.current).toBe(nextComboCount(before.current, success));
        expect(after.current).toBe(success ? before.current + 1 : 0);
        expect(after.best).toBe(Math.max(before.best, after.current));
        expect(after.bestAt).toBe(after.best > before.best ? at : before.bestAt);
      }),
    );
  });

  it('after any answers: the run is the trailing successes, the best the longest run, reached at its end (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (answers) => {
        const runs = answers.map((_, index) => {
          let length = 0;
          while (length <= index && answers[index - length]) length += 1;
          return length;
        });
        const longest = Math.max(0, ...runs);
        const reachedAt = runs.indexOf(longest);
        expect(replay(answers)).toEqual({
          current: runs.at(-1) ?? 0,
          best: longest,
          bestAt: longest === 0 ? null : (reachedAt + 1) * 1000,
        });
      }),
    );
  });
});
