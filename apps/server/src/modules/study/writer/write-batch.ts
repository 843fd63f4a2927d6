import type { ReviewResult, UndoResult } from '@glossa/contract';
import type { GuessScore } from '@glossa/srs';
import type { DatabaseKind, Db } from '../../../db/database';
import type { BatchWork, Settled } from '../../../db/group-commit';
import { AppError, conflict } from '../../../errors';
import { cardAnswers } from '../study-state';
import { applyAnswer, reflowDaysOf, type AnswerInput } from './apply-answer';
import { revisionId, standingOf, toLoggedReview } from './logged-review';
import type { ReviewJob, RevisionJob, StudyWrite } from './review-writer-messages';
import { BatchState, LATER_ROWS_LIMIT, score } from './write-batch-state';

type Result = ReviewResult | UndoResult;

/** A review against the batch's state; throws an AppError before recording anything. */
async function review(
  trx: Db,
  state: BatchState,
  job: ReviewJob,
  prepared: GuessScore | undefined,
): Promise<ReviewResult> {
  const { userId, body, now } = job;
  const existing = state.log(userId, body.clientReviewId);
  if (existing) {
    if (existing.kind !== 'review' || existing.card_id !== body.cardId) {
      throw conflict('clientReviewId', 'This clientReviewId belongs to another answer');
    }
    return JSON.parse(existing.result) as ReviewResult;
  }
  const card = state.card(userId, body.cardId);
  const settings = state.settings(userId);
  const before = state.before(userId, card.id);
  const input: AnswerInput = {
    kind: 'review',
    clientReviewId: body.clientReviewId,
    card: { id: card.id, categoryId: card.category_id, answers: cardAnswers(card) },
    guess: body.guess,
    scored: prepared ?? score(body.guess, card, settings),
    elapsedMs: body.elapsedMs,
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
  const done = state.log(userId, revisionId(clientReviewId, kind));
  if (done) return JSON.parse(done.result) as Result;
  const target = state.log(userId, clientReviewId);
  if (!target || target.kind !== 'review') throw new AppError('not_found', 'Review not found');
  const card = state.card(userId, target.card_id);
  const { ofCard, after } = state.around(target);
  const input: AnswerInput = {
    kind,
    target: toLoggedReview(target),
    standing: standingOf(target.id, ofCard, after, LATER_ROWS_LIMIT),
  };
  const settings = state.settings(userId);
  const before = state.before(userId, card.id);
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
export const writeBatchFor =
  (kind: DatabaseKind): BatchWork<StudyWrite, Result> =>
  async (trx, jobs, all) => {
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
  };
