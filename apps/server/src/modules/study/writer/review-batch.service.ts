import type { ReviewResult } from '@glossa/contract';
import { nextCombo, type GuessScore } from '@glossa/srs';
import type { DatabaseKind } from '../../../db/database';
import type { BatchWork, Settled } from '../../../db/group-commit';
import { timeOrderedId } from '../../../db/time-ordered-id';
import { AppError, conflict } from '../../../errors';
import { BatchState, score, type ReviewJob } from './review-batch-state';
import { scheduleAnswer, type LoadSource } from './schedule';
import { cardAnswers, iso, toCardState, toCombo } from '../study-state';

/** One review, against the batch's state; throws an AppError before recording anything. */
async function reviewOne(
  load: LoadSource,
  state: BatchState,
  job: ReviewJob,
  prepared: GuessScore | undefined,
): Promise<ReviewResult> {
  const { userId, body } = job;
  const existing = state.log(userId, body.clientReviewId);
  if (existing) {
    if (existing.kind !== 'review' || existing.card_id !== body.cardId) {
      throw conflict('clientReviewId', 'This clientReviewId belongs to another answer');
    }
    return JSON.parse(existing.result) as ReviewResult;
  }
  const card = state.card(userId, body.cardId);
  const settings = state.settings(userId);
  const { now } = job;
  const answers = cardAnswers(card);
  const scored = prepared ?? score(body.guess, card, settings);
  const before = state.before(userId, card.id);
  const outcome = await scheduleAnswer(
    load,
    userId,
    card.id,
    toCardState(before.progress),
    { score: scored.score },
    settings,
    now,
    (day) => state.pendingLoad(userId, day),
  );
  const after = {
    progress: {
      ...outcome.state,
      suspended: before.progress?.suspended ?? 0,
      categoryId: before.progress ? before.progress.categoryId : card.category_id,
      createdAt: before.progress?.createdAt ?? now,
    },
    combo: nextCombo(before.combo, outcome.success, now),
  };
  const result: ReviewResult = {
    clientReviewId: body.clientReviewId,
    cardId: card.id,
    kind: 'review',
    score: scored.score,
    success: outcome.success,
    expected: scored.expected,
    answers,
    diff: scored.diff,
    dueAt: iso(outcome.dueAt),
    period: outcome.period,
    combo: toCombo(after.combo),
    reviewedAt: iso(now),
  };
  state.record(userId, card, before, after, {
    id: timeOrderedId(now),
    user_id: userId,
    card_id: card.id,
    client_review_id: body.clientReviewId,
    kind: 'review',
    target_id: null,
    reviewed_at: now,
    guess: body.guess,
    score: scored.score,
    success: outcome.success ? 1 : 0,
    grade: outcome.grade,
    elapsed_ms: body.elapsedMs,
    state_before: JSON.stringify(before),
    state_after: JSON.stringify(after),
    result: JSON.stringify(result),
  });
  return result;
}

/**
 * The reviews of one group commit, in arrival order: a few reads for all of them (the daily load
 * of every reflow window included), the engine for each, a few writes for all of them. A review
 * refused (404, 409, 401) writes nothing.
 */
export const reviewBatchFor =
  (kind: DatabaseKind): BatchWork<ReviewJob, ReviewResult> =>
  async (trx, jobs, all) => {
    if (jobs.length === 0) return [];
    const state = await BatchState.read(trx, all, jobs, kind === 'postgres');
    const prepared = jobs.map((job) => state.prepare(job));
    await state.readLoad(
      trx,
      prepared.flatMap((entry) => (entry?.days ? [entry.days] : [])),
    );
    const load = state.loadSource(trx);
    const outcomes: Settled<ReviewResult>[] = [];
    for (const [i, job] of jobs.entries()) {
      try {
        outcomes.push({ ok: true, value: await reviewOne(load, state, job, prepared[i]?.scored) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    await state.write(trx, all, kind === 'postgres');
    return outcomes;
  };
