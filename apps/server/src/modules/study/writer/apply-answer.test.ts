import { defaultGradeSettings } from '@glossa/contract';
import { DAY_MS, newCardStateV2, reflowWindow, reviewV2, scoreGuess } from '@glossa/srs';
import { describe, expect, it } from 'vitest';
import { defaultLearningSettings } from '../../users/learning-settings';
import { toCardProgress, type StoredProgress, type StoredState } from '../study-state';
import { applyAnswer, dayOf, reflowDaysOf, type Applied, type ReviewInput } from './apply-answer';
import { standingOf, toLoggedReview, type LoggedReview, type Standing } from './logged-review';

// Version 2 with the defaults, no quick threshold yet (decision 0030).
const settings = { ...defaultLearningSettings, ...defaultGradeSettings, quickThresholdMs: null };
// Midday, so a day's load never straddles two UTC days.
const now = Date.UTC(2026, 2, 3, 12, 0, 0);
const card = { id: 'card-1', categoryId: 'cat-1', answers: ['the house'] };
const empty: StoredState['combo'] = { current: 0, best: 0, bestAt: null };
const noLoad = () => 0;

const reviewInput = (guess: string, clientReviewId = 'review-0001'): ReviewInput => ({
  kind: 'review',
  clientReviewId,
  card,
  direction: 'forward',
  guess,
  scored: scoreGuess(guess, card.answers, { language: 'en', minimumScore: 0.85 }),
  elapsedMs: 1500,
});

/** Studied 20 days ago with a 20-day period, first studied 100 days ago in another category. */
const studied: StoredProgress = {
  elevation: Math.log2(20),
  period: 20,
  lapses: 1,
  reps: 4,
  lastReviewAt: now - 20 * DAY_MS,
  dueAt: now,
  suspended: 0,
  categoryId: 'cat-0',
  createdAt: now - 100 * DAY_MS,
};

/** The review as its log row holds it, for an override or an undo of it. */
const logged = (applied: Applied, id = 'log-1'): LoggedReview =>
  toLoggedReview({ id, user_id: 'user-1', seq: 1, ...applied.log });

const latest: Standing = { latestOfCard: true, overridden: false, latestOverall: true };

describe('applyAnswer: a review', () => {
  it('studies a new card: its first progress in the card’s category, the combo, the log row', () => {
    const before: StoredState = { progress: null, combo: empty };
    const { after, result, log } = applyAnswer(
      before,
      reviewInput('The House'),
      settings,
      now,
      noLoad,
    );
    const planned = reviewV2(
      newCardStateV2(),
      { score: 1, elapsedMs: 1500, quickThresholdMs: null },
      settings,
      now,
    );
    expect(after.progress).toEqual({
      ...planned.state,
      suspended: 0,
      categoryId: 'cat-1',
      createdAt: now,
    });
    expect(after.combo).toEqual({ current: 1, best: 1, bestAt: now });
    expect(result).toMatchObject({
      clientReviewId: 'review-0001',
      cardId: 'card-1',
      kind: 'review',
      score: 1,
      success: true,
      expected: 'the house',
      answers: ['the house'],
      dueAt: new Date(planned.dueAt).toISOString(),
      period: planned.period,
      combo: { current: 1, best: 1, bestAt: new Date(now).toISOString() },
      reviewedAt: new Date(now).toISOString(),
    });
    expect(log).toMatchObject({
      card_id: 'card-1',
      client_review_id: 'review-0001',
      kind: 'review',
      target_id: null,
      reviewed_at: now,
      guess: 'The House',
      score: 1,
      success: 1,
      grade: 3,
      elapsed_ms: 1500,
    });
    expect(JSON.parse(log.state_before)).toEqual(before);
    expect(JSON.parse(log.state_after)).toEqual(after);
    expect(JSON.parse(log.result)).toEqual(result);
  });

  it('schedules an answer given offline from when it was given, never before the card’s last review', () => {
    const before: StoredState = { progress: studied, combo: empty };
    const given = now - 2 * DAY_MS;
    const input = { ...reviewInput('the house'), answeredAt: given };
    const { after, result, log } = applyAnswer(before, input, settings, now, noLoad);
    expect(after.progress).toMatchObject({
      lastReviewAt: given,
      dueAt: given + result.period * DAY_MS,
    });
    expect(result.reviewedAt).toBe(new Date(given).toISOString());
    expect(log.reviewed_at).toBe(given);
    expect(after.combo.bestAt).toBe(given);
    // The card's last review was 20 days ago: an answer given 21 days ago is refused.
    const older = { ...reviewInput('the house'), answeredAt: now - 21 * DAY_MS };
    expect(() => applyAnswer(before, older, settings, now, noLoad)).toThrow(
      'This card was answered again after this answer was given',
    );
  });

  it('keeps a studied card’s category and first study time, and a failure ends the combo', () => {
    const before: StoredState = {
      progress: studied,
      combo: { current: 3, best: 5, bestAt: now - DAY_MS },
    };
    const { after, result } = applyAnswer(before, reviewInput('el perro'), settings, now, noLoad);
    expect(result.success).toBe(false);
    expect(after.progress).toMatchObject({
      reps: 5,
      lapses: 2,
      lastReviewAt: now,
      categoryId: 'cat-0',
      createdAt: now - 100 * DAY_MS,
    });
    expect(after.combo).toEqual({ current: 0, best: 5, bestAt: now - DAY_MS });
  });

  it('puts the due date on the lightest day of the reflow window, weighing the load it is given', () => {
    const reflowing = { ...settings, isReflowAbsolute: true, reflowValue: 7 };
    const before: StoredState = { progress: studied, combo: empty };
    const input = reviewInput('the house');
    const days = reflowDaysOf(input, before, reflowing, now);
    const planned = reviewV2({ ...studied, difficulty: 0 }, { grade: 3 }, reflowing, now).period;
    const [low, high] = reflowWindow(planned, reflowing);
    expect(days).toEqual({ firstDay: dayOf(now) + low, lastDay: dayOf(now) + high });
    const light = dayOf(now) + low + 3;
    const load = (day: number) => (day === light ? 0 : 5);
    const { result, after } = applyAnswer(before, input, reflowing, now, load);
    expect(result.period).toBe(low + 3);
    expect(after.progress?.dueAt).toBe(now + (low + 3) * DAY_MS);
    // Without reflow there is no window to read.
    expect(reflowDaysOf(input, before, { ...settings, reflowValue: 0 }, now)).toBeNull();
    expect(reflowDaysOf({ kind: 'undo' }, before, reflowing, now)).toBeNull();
  });
});

describe('applyAnswer: an override ("I was right")', () => {
  const before: StoredState = { progress: studied, combo: { current: 2, best: 2, bestAt: 1 } };
  const failed = applyAnswer(before, reviewInput('wrong'), settings, now, noLoad);
  const later = now + 60_000;

  it('schedules the card again from the state before the review, as a close success at its time', () => {
    const { after, result, log } = applyAnswer(
      failed.after,
      { kind: 'override', target: logged(failed), standing: latest },
      settings,
      later,
      noLoad,
    );
    const planned = reviewV2({ ...studied, difficulty: 0 }, { grade: 2 }, settings, now, {
      cardId: card.id,
      dueOn: noLoad,
    });
    expect(after.progress).toEqual({
      ...planned.state,
      suspended: 0,
      categoryId: 'cat-0',
      createdAt: studied.createdAt,
    });
    // The combo goes on from before the review, as if it had succeeded, at the override's time.
    expect(after.combo).toEqual({ current: 3, best: 3, bestAt: later });
    expect(result).toEqual({
      ...failed.result,
      kind: 'override',
      success: true,
      grade: 2,
      dueAt: new Date(planned.dueAt).toISOString(),
      period: planned.period,
      combo: { current: 3, best: 3, bestAt: new Date(later).toISOString() },
    });
    expect(log).toMatchObject({
      card_id: card.id,
      client_review_id: 'review-0001.override',
      kind: 'override',
      target_id: 'log-1',
      reviewed_at: later,
      guess: 'wrong',
      score: failed.result.score,
      success: 1,
      grade: 2,
      elapsed_ms: 0,
    });
    expect(JSON.parse(log.state_before)).toEqual(failed.after);
  });

  it('leaves the combo alone when something else was answered since', () => {
    const since = { ...failed.after, combo: { current: 1, best: 4, bestAt: 9 } };
    const { after } = applyAnswer(
      since,
      { kind: 'override', target: logged(failed), standing: { ...latest, latestOverall: false } },
      settings,
      later,
      noLoad,
    );
    expect(after.combo).toEqual(since.combo);
  });

  it('refuses a success, a review overridden already, and a review that is not its card’s latest', () => {
    const succeeded = applyAnswer(before, reviewInput('the house'), settings, now, noLoad);
    const cases: [LoggedReview, Standing][] = [
      [logged(succeeded), latest],
      [logged(failed), { ...latest, overridden: true }],
      [logged(failed), { ...latest, latestOfCard: false }],
    ];
    for (const [target, standing] of cases) {
      expect(() =>
        applyAnswer(failed.after, { kind: 'override', target, standing }, settings, later, noLoad),
      ).toThrow(expect.objectContaining({ code: 'conflict' }));
    }
  });
});

describe('applyAnswer: an undo', () => {
  it('puts back the progress before the review exactly, and none when the card was new', () => {
    for (const progress of [studied, null]) {
      const before: StoredState = { progress, combo: { current: 2, best: 7, bestAt: 5 } };
      const reviewed = applyAnswer(before, reviewInput('the house'), settings, now, noLoad);
      const { after, result, log } = applyAnswer(
        reviewed.after,
        { kind: 'undo', target: logged(reviewed), standing: latest },
        settings,
        now + 1000,
        noLoad,
      );
      expect(after).toEqual(before);
      expect(result).toEqual({
        clientReviewId: 'review-0001',
        cardId: card.id,
        direction: 'forward',
        progress: progress && toCardProgress(progress),
        combo: { current: 2, best: 7, bestAt: new Date(5).toISOString() },
      });
      expect(log).toMatchObject({
        client_review_id: 'review-0001.undo',
        kind: 'undo',
        target_id: 'log-1',
        reviewed_at: now + 1000,
        success: 1,
        grade: reviewed.log.grade,
        elapsed_ms: 0,
      });
    }
  });

  it('keeps the combo when something else was answered since, and refuses an older review', () => {
    const before: StoredState = { progress: studied, combo: empty };
    const reviewed = applyAnswer(before, reviewInput('the house'), settings, now, noLoad);
    const since = { ...reviewed.after, combo: { current: 2, best: 2, bestAt: now + 1 } };
    const { after } = applyAnswer(
      since,
      { kind: 'undo', target: logged(reviewed), standing: { ...latest, latestOverall: false } },
      settings,
      now + 1000,
      noLoad,
    );
    expect(after).toEqual({ progress: studied, combo: since.combo });
    expect(() =>
      applyAnswer(
        since,
        { kind: 'undo', target: logged(reviewed), standing: { ...latest, latestOfCard: false } },
        settings,
        now,
        noLoad,
      ),
    ).toThrow('Only the latest review of a card can be changed');
  });
});

describe('standingOf', () => {
  const row = (id: string, kind: 'review' | 'override' | 'undo', target: string | null = null) => ({
    id,
    kind,
    target_id: target,
  });

  it('finds the latest review of a card that was not undone', () => {
    const ofCard = [row('a', 'review'), row('b', 'review'), row('u', 'undo', 'b')];
    expect(standingOf('a', ofCard, [row('b', 'review'), row('u', 'undo', 'b')])).toEqual({
      latestOfCard: true,
      overridden: false,
      latestOverall: true,
    });
    expect(standingOf('a', [row('a', 'review'), row('b', 'review')], []).latestOfCard).toBe(false);
    expect(standingOf('a', [row('a', 'review'), row('o', 'override', 'a')], []).overridden).toBe(
      true,
    );
  });

  it('counts rows after it as transparent only when they act on it or cancel out', () => {
    const ofCard = [row('a', 'review')];
    const acting = [row('o', 'override', 'a'), row('u', 'undo', 'a')];
    expect(standingOf('a', ofCard, acting).latestOverall).toBe(true);
    // An undone review of another card, overridden before its undo.
    const cancelled = [row('x', 'review'), row('xo', 'override', 'x'), row('xu', 'undo', 'x')];
    expect(standingOf('a', ofCard, cancelled).latestOverall).toBe(true);
    expect(standingOf('a', ofCard, [row('x', 'review')]).latestOverall).toBe(false);
    // Too many rows after it to look at: not the latest.
    const many = Array.from({ length: 100 }, (_, i) => row(`o${i}`, 'override', 'a'));
    expect(standingOf('a', ofCard, many, 100).latestOverall).toBe(false);
    expect(standingOf('a', ofCard, many.slice(1), 100).latestOverall).toBe(true);
  });
});
