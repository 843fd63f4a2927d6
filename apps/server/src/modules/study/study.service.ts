import {
  liveEvent,
  studyLimits,
  type AccountExport,
  type Combo,
  type ReviewBody,
  type ReviewResult,
  type UndoResult,
} from '@glossa/contract';
import { scoreGuess } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { invalidInput } from '../../errors';
import { readCardContents } from '../cards/cards.service';
import type { ScoredGuess } from './writer/review-writer-messages';
import { findCombo, insertCombo, listLogOfUser, listProgressOfUser } from './study.repository';
import { iso, storedProgress, toCardProgress, toCombo, toStoredCombo } from './study-state';

// Every study write goes to the review writer's thread, which applies it in its next group
// commit and answers once that commit is durable (docs/decisions/0012-study-write-path.md).

/**
 * The guess scored against the card's answers, here on the request's thread rather than in the
 * writer's, which serves every learner one batch at a time: the writer only applies it. Who may
 * study the card is the writer's to say, in its transaction; a card not found is scored there
 * (and answers 404, or the stored result of a resubmission).
 */
async function scoreBeforeWriting(deps: AppDeps, body: ReviewBody): Promise<ScoredGuess | null> {
  const [card] = await readCardContents(deps.db, [body.cardId]);
  if (!card) return null;
  // Reverse: the front, in the card's from-language (decision 0027); forward: the answers.
  const { answers, language } =
    body.direction === 'reverse'
      ? { answers: [card.front], language: card.fromLanguageCode }
      : { answers: card.answers, language: card.toLanguageCode };
  return { answers, language, scored: scoreGuess(body.guess, answers, { language }) };
}

/**
 * When an answer sent with its time was given (docs/decisions/0014-answer-time.md): no later than
 * now (a device's clock a little ahead counts as now, further is refused), and no older than the
 * outbox keeps an answer. Not before the card's last review is the writer's to check.
 */
function answerTime(body: ReviewBody, now: number): number | undefined {
  if (body.answeredAt === undefined) return undefined;
  const at = Date.parse(body.answeredAt);
  if (at > now + studyLimits.answeredAtSkewMs) {
    throw invalidInput('answeredAt', "answeredAt is in the future: check the device's clock");
  }
  if (at < now - studyLimits.answerAgeMaxMs) {
    const days = studyLimits.answerAgeMaxMs / 86_400_000;
    throw invalidInput('answeredAt', `An answer more than ${days} days old can no longer count`);
  }
  return Math.min(at, now);
}

/**
 * POST /api/study/reviews: scores the guess, then the writer moves the card's schedule (reflowed
 * by the learner's daily load) from when the learner answered, appends the log and updates the
 * combo. The same clientReviewId again answers the stored result and writes nothing.
 */
export async function submitReview(
  deps: AppDeps,
  userId: string,
  body: ReviewBody,
): Promise<ReviewResult> {
  const now = deps.now();
  const answeredAt = answerTime(body, now);
  const scored = await scoreBeforeWriting(deps, body);
  return recorded(
    deps,
    userId,
    body.clientReviewId,
    await deps.reviewWriter.submit({
      userId,
      body,
      now,
      scored,
      ...(answeredAt === undefined ? {} : { answeredAt }),
    }),
  );
}

/**
 * After the writer committed a study write: the learner's other tabs and devices update their
 * due counts, combo and dashboard (docs/decisions/0032-live-updates.md); the tab that sent it
 * knows it by its clientReviewId.
 */
function recorded<R extends { cardId: string }>(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
  result: R,
): R {
  deps.live.publish(liveEvent('review.recorded', { cardId: result.cardId, clientReviewId }), {
    kind: 'user',
    userId,
  });
  return result;
}

/**
 * POST /api/study/reviews/{clientReviewId}/override ("I was right"): the learner's latest review
 * of the card, if it failed, counts as a success (grade 2) from the state before it; with a grade,
 * the latest review gets that grade (decision 0030); logged as an override. Sent again, it answers
 * the same.
 */
export async function overrideReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
  grade?: 1 | 2 | 3 | 4,
): Promise<ReviewResult> {
  return recorded(
    deps,
    userId,
    clientReviewId,
    await deps.reviewWriter.override({
      userId,
      clientReviewId,
      now: deps.now(),
      ...(grade === undefined ? {} : { grade }),
    }),
  );
}

/**
 * POST /api/study/reviews/{clientReviewId}/undo: only the latest (not undone) review of its card;
 * the card's schedule goes back exactly to what it was before (no progress when it was new), and
 * the combo too when nothing else was answered since. Sent again, it answers the same.
 */
export async function undoReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
): Promise<UndoResult> {
  return recorded(
    deps,
    userId,
    clientReviewId,
    await deps.reviewWriter.undo({ userId, clientReviewId, now: deps.now() }),
  );
}

/**
 * A new learner's combo row, written with their account: the writer locks it for each of their
 * study writes (decision 0012), and a write refused there must not be what creates it.
 */
export async function startCombo(db: Db, userId: string): Promise<void> {
  await insertCombo(db, userId);
}

/** GET /api/study/combo */
export async function getCombo(deps: AppDeps, userId: string): Promise<Combo> {
  const row = await findCombo(deps.db, userId);
  return row ? toCombo(toStoredCombo(row)) : { current: 0, best: 0, bestAt: null };
}

/** The learner's progress, review log and combo for GET /api/user/export. */
export async function exportStudy(
  deps: AppDeps,
  userId: string,
): Promise<Pick<AccountExport, 'progress' | 'reviews' | 'combo'>> {
  const progress = await listProgressOfUser(deps.db, userId);
  const reviews = await listLogOfUser(deps.db, userId);
  return {
    progress: progress.map((row) => ({
      cardId: row.card_id,
      direction: row.direction,
      ...toCardProgress(storedProgress(row)),
      firstStudiedAt: iso(row.created_at),
    })),
    reviews: reviews.map((row) => ({
      id: row.id,
      clientReviewId: row.client_review_id,
      cardId: row.card_id,
      direction: row.direction,
      kind: row.kind,
      targetId: row.target_id,
      reviewedAt: iso(row.reviewed_at),
      guess: row.guess,
      score: row.score,
      success: row.success === 1,
      grade: row.grade,
      elapsedMs: row.elapsed_ms,
    })),
    combo: await getCombo(deps, userId),
  };
}
