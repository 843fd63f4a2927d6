import type { GradeSettings, LearningSettings, ReviewResult, UndoResult } from '@glossa/contract';
import {
  DAY_MS,
  nextCombo,
  reflowWindow,
  reviewV2,
  type CardStateV2,
  type Grade,
  type GuessScore,
  type ReviewOutcomeV2,
} from '@glossa/srs';
import type { Selectable } from 'kysely';
import type { Direction, ReviewLogTable } from '../../../db/schema';
import { conflict } from '../../../errors';
import { iso, toCardProgress, toCardState, toCombo, type StoredState } from '../study-state';
import { revisionId, type LoggedReview, type Standing } from './logged-review';

// What an answer does to a learner's study state, computed once for the three kinds of writes
// (docs/decisions/0012-study-write-path.md): a review of a card, "I was right" on the latest
// failed review (an override), and the undo of the latest review. Pure: the learner's daily
// load, the settings and the time come in as arguments; the review writer reads them, applies
// the answer and writes its outcome.

/**
 * What the writer schedules with (decision 0030): the learner's UserInfo, their seven version-2
 * numbers, and their quick threshold (the 20th percentile of their last 500 exact answers' times,
 * once 30; null before: no answer is quick).
 */
export type WriterSettings = LearningSettings & GradeSettings & { quickThresholdMs: number | null };

/** The UTC day number (days since the epoch) of a time. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * The card a review answers: its id, category (for a first review) and what the direction asks
 * for (its answers forward, its front in reverse: expectedOf).
 */
interface AnsweredCard {
  id: string;
  categoryId: string | null;
  answers: string[];
}

export type ReviewInput = {
  kind: 'review';
  clientReviewId: string;
  card: AnsweredCard;
  /** The direction answered: its own schedule (decision 0027). */
  direction: Direction;
  guess: string;
  /** The guess scored against the card's answers (scoreGuess). */
  scored: GuessScore;
  elapsedMs: number;
  /**
   * When the learner answered by their device (an answer given offline), within the bounds
   * submitReview checked; absent, the answer counts from when it was received (`now`).
   */
  answeredAt?: number;
};
/** "I was right" on a review (or the grade the learner chose for it), or its undo. */
type OverrideInput = {
  kind: 'override';
  target: LoggedReview;
  standing: Standing;
  /** The grade chosen; absent: "I was right" on a failure, close (2). */
  grade?: Grade;
};
type UndoInput = { kind: 'undo'; target: LoggedReview; standing: Standing };
export type AnswerInput = ReviewInput | OverrideInput | UndoInput;

/** The row an answer appends to the log, but for its id, learner and seq (the writer's). */
type LogEntry = Omit<Selectable<ReviewLogTable>, 'id' | 'user_id' | 'seq'>;

export interface Applied<R extends ReviewResult | UndoResult = ReviewResult | UndoResult> {
  /** The card's progress (null: new again) and the combo after the answer. */
  after: StoredState;
  result: R;
  log: LogEntry;
}

/** The learner's load: how many of their cards are due on a UTC day number. */
export type DailyLoad = (day: number) => number;

/** UTC day numbers, first to last. */
export interface Days {
  firstDay: number;
  lastDay: number;
}

/** What scheduling needs of a review or an override. */
type Scheduled =
  | (Pick<ReviewInput, 'kind' | 'scored' | 'answeredAt'> & { elapsedMs?: number })
  | {
      kind: 'override';
      target: Pick<LoggedReview, 'stateBefore' | 'reviewedAt'>;
      grade?: Grade;
    };

interface Plan {
  state: CardStateV2;
  outcome: ReviewOutcomeV2;
  at: number;
}

/** What the engine schedules: from which state, with which outcome, at what time. */
function plan(input: Scheduled, before: StoredState, settings: WriterSettings, now: number): Plan {
  if (input.kind === 'review') {
    const at = input.answeredAt ?? now;
    // An answer time of 0 or less is unknown: never quick (decision 0030).
    const elapsedMs = input.elapsedMs !== undefined && input.elapsedMs > 0 ? input.elapsedMs : null;
    const outcome = {
      score: input.scored.score,
      elapsedMs,
      quickThresholdMs: settings.quickThresholdMs,
    };
    return { state: toCardState(before.progress), outcome, at };
  }
  // An override schedules the review again from the state before it, at its time, with the grade
  // chosen ("I was right" without one: close, grade 2).
  return {
    state: toCardState(input.target.stateBefore.progress),
    outcome: { grade: input.grade ?? 2 },
    at: input.target.reviewedAt,
  };
}

/**
 * The days whose load reflow may weigh for this answer (docs/scheduler.md "Policy"), or null when it
 * has no choice to make (a window of one day, or an undo): what the writer reads before applying.
 */
export function reflowDaysOf(
  input: Scheduled | { kind: 'undo' },
  before: StoredState,
  settings: WriterSettings,
  now: number,
): Days | null {
  if (input.kind === 'undo') return null;
  const planned = plan(input, before, settings, now);
  const { period } = reviewV2(planned.state, planned.outcome, settings, planned.at);
  const [low, high] = reflowWindow(period, settings);
  if (high <= low) return null;
  return { firstDay: dayOf(planned.at) + low, lastDay: dayOf(planned.at) + high };
}

/**
 * One answer applied to the learner's state `before` (the card's progress, null when new, and
 * the combo) at `now`, with reflow weighing `load`:
 * - a review schedules the card from its progress with the guess's score and moves the combo;
 * - an override schedules it again from the state before its target, as a close success
 *   (grade 2) at the target's time, and moves the combo as if the target had succeeded when
 *   nothing else was answered since (else the combo stays);
 * - an undo puts back the progress before its target exactly (none when the card was new), and
 *   the combo too when nothing else was answered since.
 * Refuses (409) an override or undo of a review that is not the latest of its card in its
 * direction, and an override
 * of a success or of a review overridden already.
 */
export function applyAnswer(
  before: StoredState,
  input: ReviewInput | OverrideInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied<ReviewResult>;
export function applyAnswer(
  before: StoredState,
  input: UndoInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied<UndoResult>;
export function applyAnswer(
  before: StoredState,
  input: AnswerInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied;
export function applyAnswer(
  before: StoredState,
  input: AnswerInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied {
  if (input.kind === 'review') return applyReview(before, input, settings, now, load);
  if (!input.standing.latestOfCard) {
    throw conflict('clientReviewId', 'Only the latest review of a card can be changed');
  }
  if (input.kind === 'override') return applyOverride(before, input, settings, now, load);
  return applyUndo(before, input, now);
}

/** The engine's outcome, with reflow weighing the load of the days around the answer's time. */
function schedule(planned: Plan, cardId: string, settings: WriterSettings, load: DailyLoad) {
  const today = dayOf(planned.at);
  return reviewV2(planned.state, planned.outcome, settings, planned.at, {
    cardId,
    dueOn: (offset) => load(today + offset),
  });
}

function applyReview(
  before: StoredState,
  input: ReviewInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied<ReviewResult> {
  const { card, scored } = input;
  // An answer given offline counts from when it was given, but never before the card's last
  // review: the log of a card stays in the order its answers were given (decision 0014).
  const at = input.answeredAt ?? now;
  const last = before.progress?.lastReviewAt ?? null;
  if (input.answeredAt !== undefined && last !== null && at < last) {
    throw conflict('answeredAt', 'This card was answered again after this answer was given');
  }
  const outcome = schedule(plan(input, before, settings, now), card.id, settings, load);
  const after: StoredState = {
    progress: {
      ...outcome.state,
      suspended: before.progress?.suspended ?? 0,
      categoryId: before.progress ? before.progress.categoryId : card.categoryId,
      createdAt: before.progress?.createdAt ?? at,
    },
    combo: nextCombo(before.combo, outcome.success, at),
  };
  const result: ReviewResult = {
    clientReviewId: input.clientReviewId,
    cardId: card.id,
    direction: input.direction,
    kind: 'review',
    score: scored.score,
    success: outcome.success,
    grade: outcome.grade,
    expected: scored.expected,
    answers: card.answers,
    diff: scored.diff,
    // The typing conventions read in the guess ("ae for ä"), for the feedback (decision 0029).
    ...(scored.conventions?.length ? { conventions: scored.conventions } : {}),
    dueAt: iso(outcome.dueAt),
    period: outcome.period,
    combo: toCombo(after.combo),
    reviewedAt: iso(at),
  };
  return {
    after,
    result,
    log: {
      card_id: card.id,
      direction: input.direction,
      client_review_id: input.clientReviewId,
      kind: 'review',
      target_id: null,
      reviewed_at: at,
      guess: input.guess,
      score: scored.score,
      success: outcome.success ? 1 : 0,
      grade: outcome.grade,
      elapsed_ms: input.elapsedMs,
      state_before: JSON.stringify(before),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    },
  };
}

function applyOverride(
  current: StoredState,
  input: OverrideInput,
  settings: WriterSettings,
  now: number,
  load: DailyLoad,
): Applied<ReviewResult> {
  const { target, standing } = input;
  if (input.grade === undefined && (target.success || standing.overridden)) {
    throw conflict('clientReviewId', 'Only a failed answer can be overridden');
  }
  if (standing.overridden) {
    throw conflict('clientReviewId', 'This answer was overridden already');
  }
  if (input.grade !== undefined && input.grade === target.grade) {
    throw conflict('grade', 'This answer has this grade already');
  }
  const original = target.stateBefore;
  const outcome = schedule(plan(input, current, settings, now), target.cardId, settings, load);
  const after: StoredState = {
    progress: {
      ...outcome.state,
      suspended: current.progress?.suspended ?? 0,
      categoryId: current.progress?.categoryId ?? original.progress?.categoryId ?? null,
      createdAt: current.progress?.createdAt ?? target.reviewedAt,
    },
    combo: standing.latestOverall ? nextCombo(original.combo, outcome.success, now) : current.combo,
  };
  const result: ReviewResult = {
    ...target.result,
    direction: target.direction,
    kind: 'override',
    success: outcome.success,
    grade: outcome.grade,
    dueAt: iso(outcome.dueAt),
    period: outcome.period,
    combo: toCombo(after.combo),
  };
  return {
    after,
    result,
    log: {
      card_id: target.cardId,
      direction: target.direction,
      client_review_id: revisionId(target.clientReviewId, 'override'),
      kind: 'override',
      target_id: target.id,
      reviewed_at: now,
      guess: target.guess,
      score: target.score,
      success: outcome.success ? 1 : 0,
      grade: outcome.grade,
      elapsed_ms: 0,
      state_before: JSON.stringify(current),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    },
  };
}

function applyUndo(current: StoredState, input: UndoInput, now: number): Applied<UndoResult> {
  const { target, standing } = input;
  const original = target.stateBefore;
  const after: StoredState = {
    progress: original.progress,
    combo: standing.latestOverall ? original.combo : current.combo,
  };
  const result: UndoResult = {
    clientReviewId: target.clientReviewId,
    cardId: target.cardId,
    direction: target.direction,
    progress: after.progress ? toCardProgress(after.progress) : null,
    combo: toCombo(after.combo),
  };
  return {
    after,
    result,
    log: {
      card_id: target.cardId,
      direction: target.direction,
      client_review_id: revisionId(target.clientReviewId, 'undo'),
      kind: 'undo',
      target_id: target.id,
      reviewed_at: now,
      guess: target.guess,
      score: target.score,
      success: target.success ? 1 : 0,
      grade: target.grade,
      elapsed_ms: 0,
      state_before: JSON.stringify(current),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    },
  };
}
