import {
  defaultGradeSettings,
  reflowBounds,
  schedulerNumberSettingNames,
  schedulerNumberSettings,
} from '@glossa/contract';
import { DAY_MS, MAX_ELEVATION, MAX_PERIOD_DAYS, MIN_ELEVATION, scoreGuess } from '@glossa/srs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultLearningSettings } from '../../users/learning-settings';
import type { StoredState } from '../study-state';
import {
  applyAnswer,
  type Applied,
  type DailyLoad,
  type ReviewInput,
  type WriterSettings,
} from './apply-answer';
import { standingOf, toLoggedReview } from './logged-review';

// Any settings within their bounds, any state a card can be in, any load: what a review, an
// override and an undo do to it (docs/scheduler.md; docs/decisions/0012-study-write-path.md).

/** A number within bounds, never -0 (a stored state goes through JSON, which has no -0). */
const within = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true }).map((value) => value + 0);

/**
 * A setting as the settings form sets it: within its bounds, on its step. (A span a hair above 0,
 * such as 1e-323, is within the bounds too but makes the engine's checkpoint count overflow.)
 */
const stepped = ({ min, max, step }: { min: number; max: number; step: number }) =>
  fc
    .integer({ min: 0, max: Math.round((max - min) / step) })
    .map((i) => Math.round((min + i * step) * 1e6) / 1e6);

const settingsArb: fc.Arbitrary<WriterSettings> = fc
  .record({
    numbers: fc.record(
      Object.fromEntries(
        schedulerNumberSettingNames.map((name) => [name, stepped(schedulerNumberSettings[name])]),
      ) as Record<(typeof schedulerNumberSettingNames)[number], fc.Arbitrary<number>>,
    ),
    isReflowAbsolute: fc.boolean(),
    absolute: stepped(reflowBounds.absolute),
    relative: stepped(reflowBounds.relative),
  })
  .map(({ numbers, isReflowAbsolute, absolute, relative }) => ({
    ...defaultLearningSettings,
    ...defaultGradeSettings,
    quickThresholdMs: null,
    ...numbers,
    isReflowAbsolute,
    reflowValue: isReflowAbsolute ? absolute : relative,
  }));

const nowArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

/** The card's state before an answer at `now`, and the learner's combo. */
const stateArb = (now: number): fc.Arbitrary<StoredState> =>
  fc.record({
    progress: fc.option(
      fc
        .record({
          elevation: within(MIN_ELEVATION, MAX_ELEVATION),
          period: fc.integer({ min: 1, max: MAX_PERIOD_DAYS }),
          lapses: fc.integer({ min: 0, max: 40 }),
          extraReps: fc.integer({ min: 1, max: 200 }),
          sinceLast: fc.integer({ min: 0, max: 800 * DAY_MS }),
          dueIn: fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS }),
          categoryId: fc.option(fc.constantFrom('cat-a', 'cat-b'), { nil: null }),
          studiedFor: fc.integer({ min: 0, max: 2000 * DAY_MS }),
        })
        .map((p) => ({
          elevation: p.elevation,
          period: p.period,
          lapses: p.lapses,
          reps: p.lapses + p.extraReps,
          lastReviewAt: now - p.sinceLast,
          dueAt: now + p.dueIn,
          suspended: 0,
          categoryId: p.categoryId,
          createdAt: now - p.sinceLast - p.studiedFor,
        })),
      { nil: null },
    ),
    combo: fc
      .record({ current: fc.nat(200), more: fc.nat(200), at: fc.integer({ min: 0, max: now }) })
      .map(({ current, more, at }) => ({
        current,
        best: current + more,
        bestAt: current + more > 0 ? at : null,
      })),
  });

/** A learner's load: a few cards due on each day, the same for the same seed. */
const loadArb: fc.Arbitrary<DailyLoad> = fc
  .integer()
  .map((seed) => (day: number) => Math.abs(Math.imul(seed ^ day, 0x9e3779b1) >> 7) % 12);

const card = { id: 'card-1', categoryId: 'cat-b', answers: ['the house'] };

const reviewOf = (score: number, settings: WriterSettings): ReviewInput => {
  const scored = scoreGuess('guess', card.answers, {
    language: 'en',
    minimumScore: settings.guessSuccessMinimumScore,
  });
  return {
    kind: 'review',
    clientReviewId: 'review-0001',
    card,
    direction: 'forward',
    guess: 'guess',
    scored: { ...scored, score },
    elapsedMs: 1000,
  };
};

/** The log row an answer appends, as the writer stores it, and the review it is to a revision. */
const rowOf = (applied: Applied, id: string, seq: number) => ({
  id,
  user_id: 'user-1',
  seq,
  ...applied.log,
});

/** A case: settings, a time, the state before, the load, a score. */
const caseArb = fc
  .record({ settings: settingsArb, now: nowArb, load: loadArb, score: within(0, 1) })
  .chain((c) => stateArb(c.now).map((before) => ({ ...c, before })));

/** What a schedule must satisfy after an answer at `at` (docs/scheduler.md "Defaults and bounds"). */
function expectInBounds(progress: StoredState['progress'], at: number) {
  expect(progress).not.toBeNull();
  if (!progress) return;
  expect(progress.elevation).toBeGreaterThanOrEqual(MIN_ELEVATION);
  expect(progress.elevation).toBeLessThanOrEqual(MAX_ELEVATION);
  expect(Number.isInteger(progress.period)).toBe(true);
  expect(progress.period).toBeGreaterThanOrEqual(1);
  expect(progress.period).toBeLessThanOrEqual(MAX_PERIOD_DAYS);
  expect(progress.lastReviewAt).toBe(at);
  expect(progress.dueAt).toBe(at + progress.period * DAY_MS);
}

describe('applyAnswer (properties)', () => {
  it('keeps a reviewed card’s schedule within the bounds and moves the combo by one answer', () => {
    fc.assert(
      fc.property(caseArb, ({ settings, now, load, score, before }) => {
        const { after, result } = applyAnswer(
          before,
          reviewOf(score, settings),
          settings,
          now,
          load,
        );
        expectInBounds(after.progress, now);
        expect(after.progress?.reps).toBe((before.progress?.reps ?? 0) + 1);
        expect(after.progress?.createdAt).toBe(before.progress?.createdAt ?? now);
        expect(after.combo.current).toBe(result.success ? before.combo.current + 1 : 0);
        expect(after.combo.best).toBe(Math.max(before.combo.best, after.combo.current));
        expect(result.success).toBe(score >= settings.guessSuccessMinimumScore);
      }),
    );
  });

  it('an undo right after a review gives back the state before it exactly', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(DAY_MS), ({ settings, now, load, score, before }, wait) => {
        const reviewed = applyAnswer(before, reviewOf(score, settings), settings, now, load);
        const row = rowOf(reviewed, 'log-1', 1);
        const undone = applyAnswer(
          reviewed.after,
          { kind: 'undo', target: toLoggedReview(row), standing: standingOf(row.id, [row], []) },
          settings,
          now + wait,
          load,
        );
        expect(undone.after).toEqual(before);
        // What the log keeps of the states is what they were.
        expect(JSON.parse(undone.log.state_before)).toEqual(reviewed.after);
        expect(JSON.parse(undone.log.state_after)).toEqual(before);
      }),
    );
  });

  it('"I was right" counts a failed review as a success, and its undo gives back the state before the review', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(DAY_MS), ({ settings, now, load, before }, wait) => {
        const failing = settings.guessSuccessMinimumScore / 2;
        const reviewed = applyAnswer(before, reviewOf(failing, settings), settings, now, load);
        expect(reviewed.result.success).toBe(false);
        const review = rowOf(reviewed, 'log-1', 1);
        const overridden = applyAnswer(
          reviewed.after,
          {
            kind: 'override',
            target: toLoggedReview(review),
            standing: standingOf(review.id, [review], []),
          },
          settings,
          now + wait,
          load,
        );
        // Scheduled from the state before the review, at its time, as a success.
        expectInBounds(overridden.after.progress, now);
        expect(overridden.result).toMatchObject({ kind: 'override', success: true });
        expect(overridden.after.progress?.lapses).toBe(before.progress?.lapses ?? 0);
        expect(overridden.after.progress?.reps).toBe((before.progress?.reps ?? 0) + 1);
        expect(overridden.after.combo.current).toBe(before.combo.current + 1);
        const override = rowOf(overridden, 'log-2', 2);
        // A second "I was right" on the same review is refused.
        expect(() =>
          applyAnswer(
            overridden.after,
            {
              kind: 'override',
              target: toLoggedReview(review),
              standing: standingOf(review.id, [review, override], [override]),
            },
            settings,
            now + wait,
            load,
          ),
        ).toThrow('Only a failed answer can be overridden');
        const undone = applyAnswer(
          overridden.after,
          {
            kind: 'undo',
            target: toLoggedReview(review),
            standing: standingOf(review.id, [review, override], [override]),
          },
          settings,
          now + wait,
          load,
        );
        expect(undone.after).toEqual(before);
      }),
    );
  });

  it('an undo after another card was answered puts the card back and leaves the combo', () => {
    fc.assert(
      fc.property(caseArb, ({ settings, now, load, score, before }) => {
        const reviewed = applyAnswer(before, reviewOf(score, settings), settings, now, load);
        const row = rowOf(reviewed, 'log-1', 1);
        const other = { id: 'log-2', kind: 'review' as const, target_id: null };
        const combo = { current: 4, best: Math.max(4, reviewed.after.combo.best), bestAt: now };
        const undone = applyAnswer(
          { ...reviewed.after, combo },
          {
            kind: 'undo',
            target: toLoggedReview(row),
            standing: standingOf(row.id, [row], [other]),
          },
          settings,
          now,
          load,
        );
        expect(undone.after).toEqual({ progress: before.progress, combo });
      }),
    );
  });
});
