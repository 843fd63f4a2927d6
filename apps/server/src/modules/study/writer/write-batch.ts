import type { ReviewResult, UndoResult } from '@glossa/contract';
import type { GuessScore } from '@glossa/srs';
import type { DatabaseKind, Db } from '../../../db/database';
import type { BatchWork, Settled } from '../../../db/group-commit';
import { isDuplicateViolation, isForeignKeyViolation } from '../../../db/errors';
import { AppError, conflict } from '../../../errors';
import { expectedOf } from '../study-state';
import { applyAnswer, reflowDaysOf, type AnswerInput } from './apply-answer';
import { revisionId, standingOf, toLoggedReview } from './logged-review';
import type { ReviewJob, RevisionJob, StudyWrite } from './review-writer-messages';
import { BatchState, directionOf, LATER_ROWS_LIMIT, scoredFor } from './write-batch-state';

type Result = ReviewResult | UndoResult;

/**
 * A review or its override sent again answers what it answered the first time, while what it did
 * stands: once the review is undone, both answer 409 (an override after an undo answered the
 * override's old result, as if it still counted). An undo sent again always answers its own.
 */
function refuseUndone(state: BatchState, userId: string, clientReviewId: string): void {
  if (state.log(userId, revisionId(clientReviewId, 'undo'))) {
    throw conflict('clientReviewId', 'This answer was undone');
  }
}

/** A review against the batch's state; throws an AppError before recording anything. */
async function review(
  trx: Db,
  state: BatchState,
  job: ReviewJob,
  prepared: GuessScore | undefined,
): Promise<ReviewResult> {
  const { userId, body, now } = job;
  const direction = directionOf(job);
  const existing = state.log(userId, body.clientReviewId);
  if (existing) {
    if (
      existing.kind !== 'review' ||
      existing.card_id !== body.cardId ||
      existing.direction !== direction
    ) {
      throw conflict('clientReviewId', 'This clientReviewId belongs to another answer');
    }
    refuseUndone(state, userId, body.clientReviewId);
    // A result logged before version 2 has no grade: its log row's.
    const logged = JSON.parse(existing.result) as Partial<ReviewResult>;
    return { ...logged, grade: logged.grade ?? existing.grade, direction } as ReviewResult;
  }
  const card = state.card(userId, body.cardId);
  // Turned off since the queue offered it (the card's or its category's choice, decision 0027):
  // its schedule stays, and comes back if the card is asked that way again.
  if (direction === 'reverse' && Number(card.asks_reverse) !== 1) {
    throw conflict('direction', 'This card is no longer asked in reverse');
  }
  const settings = state.settings(userId);
  const before = state.before(userId, card.id, direction);
  const input: AnswerInput = {
    kind: 'review',
    clientReviewId: body.clientReviewId,
    card: {
      id: card.id,
      categoryId: card.category_id,
      answers: expectedOf(card, direction).answers,
    },
    direction,
    guess: body.guess,
    scored: prepared ?? scoredFor(job, card, settings),
    elapsedMs: body.elapsedMs,
    ...(job.answeredAt === undefined ? {} : { answeredAt: job.answeredAt }),
  };
  const days = reflowDaysOf(input, before, settings, now);
  const load = await state.load.of(trx, userId, days && { userId, ...days });
  const applied = applyAnswer(before, input, settings, now, load);
  state.record(userId, card, before, applied, now);
  return applied.result;
}

/**
 * "I was right" on a review, or its undo: only of the learner's latest review of its card (404
 * for a review they never made, or of a card they may no longer see). Sent again, it answers
 * what it answered the first time.
 */
async function revise(
  trx: Db,
  state: BatchState,
  job: RevisionJob & { kind: 'override' | 'undo' },
): Promise<Result> {
  const { userId, clientReviewId, kind, now } = job;
  const target = state.log(userId, clientReviewId);
  if (!target || target.kind !== 'review') throw new AppError('not_found', 'Review not found');
  if (kind === 'override') refuseUndone(state, userId, clientReviewId);
  const done = state.log(userId, revisionId(clientReviewId, kind));
  if (done) {
    const logged = JSON.parse(done.result) as Result;
    // A result logged before version 2 has no grade: its log row's (an undo's answer has none).
    const grade = kind === 'override' ? { grade: done.grade } : {};
    return { ...grade, ...logged, direction: done.direction } as Result;
  }
  const card = state.card(userId, target.card_id);
  const { ofCard, after } = state.around(target);
  const input: AnswerInput = {
    kind,
    target: toLoggedReview(target),
    standing: standingOf(target.id, ofCard, after, LATER_ROWS_LIMIT),
    ...(kind === 'override' && job.grade !== undefined ? { grade: job.grade } : {}),
  };
  const settings = state.settings(userId);
  const before = state.before(userId, card.id, target.direction);
  const days = reflowDaysOf(input, before, settings, now);
  const load = await state.load.of(trx, userId, days && { userId, ...days });
  const applied = applyAnswer(before, input, settings, now, load);
  state.record(userId, card, before, applied, now);
  return applied.result;
}

/**
 * The study writes of one group commit (reviews, overrides, undos), in arrival order: a few
 * reads for all of them (the daily load of every reflow window included), one pure step each
 * (applyAnswer), a few writes for all of them. A write refused (404, 409, 401) writes nothing.
 */
async function writeBatch(
  kind: DatabaseKind,
  trx: Db,
  jobs: readonly StudyWrite[],
  all: Parameters<BatchWork<StudyWrite, Result>>[2],
): Promise<Settled<Result>[]> {
  if (jobs.length === 0) return [];
  const state = await BatchState.read(trx, all, jobs, kind === 'postgres');
  const prepared = jobs.map((job) => state.prepare(job));
  await state.load.read(
    trx,
    prepared.flatMap((entry) => (entry?.days ? [entry.days] : [])),
  );
  const outcomes: Settled<Result>[] = [];
  for (const [i, job] of jobs.entries()) {
    try {
      const value =
        job.kind === 'review'
          ? await review(trx, state, job, prepared[i]?.scored)
          : await revise(trx, state, job);
      outcomes.push({ ok: true, value });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ ok: false, error });
    }
  }
  await state.write(trx, all, kind === 'postgres');
  return outcomes;
}

/**
 * writeBatch, with what the database refuses mapped to the answer of the one job it is about. A
 * constraint refuses a batch's write when a transaction that committed after the batch read its
 * rows deleted a card or a learner (a foreign key), or wrote the same row (a unique key): the
 * group commit then runs each job alone in its savepoint (group-commit.ts), and the one job left
 * is the one the constraint is about (docs/decisions/0015-concurrent-writes.md).
 */
export const writeBatchFor =
  (kind: DatabaseKind): BatchWork<StudyWrite, Result> =>
  async (trx, jobs, all) => {
    try {
      return await writeBatch(kind, trx, jobs, all);
    } catch (error) {
      if (jobs.length !== 1) throw error;
      if (isForeignKeyViolation(error)) {
        throw new AppError(
          'not_found',
          'The card or the account of this answer was deleted meanwhile',
        );
      }
      if (isDuplicateViolation(error)) {
        throw conflict(
          'clientReviewId',
          'Another request wrote this answer at the same time: send it again',
        );
      }
      throw error;
    }
  };
