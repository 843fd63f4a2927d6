import type { AccountExport, Combo, ReviewBody, ReviewResult, UndoResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { findCombo, listLogOfUser, listProgressOfUser } from './study.repository';
import { iso, storedProgress, toCardProgress, toCombo, toStoredCombo } from './study-state';

// Every study write goes to the review writer's thread, which applies it in its next group
// commit and answers once that commit is durable (docs/decisions/0012-study-write-path.md).

/**
 * POST /api/study/reviews: scores the guess with the learner's settings, moves the card's schedule
 * (reflowed by the learner's daily load), appends the log and updates the combo. The same
 * clientReviewId again answers the stored result and writes nothing.
 */
export function submitReview(
  deps: AppDeps,
  userId: string,
  body: ReviewBody,
): Promise<ReviewResult> {
  return deps.reviewWriter.submit({ userId, body, now: deps.now() });
}

/**
 * POST /api/study/reviews/{clientReviewId}/override ("I was right"): the learner's latest review
 * of the card, if it failed, counts as a success (grade 2) from the state before it; logged as an
 * override. Sent again, it answers the same.
 */
export function overrideReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
): Promise<ReviewResult> {
  return deps.reviewWriter.override({ userId, clientReviewId, now: deps.now() });
}

/**
 * POST /api/study/reviews/{clientReviewId}/undo: only the latest (not undone) review of its card;
 * the card's schedule goes back exactly to what it was before (no progress when it was new), and
 * the combo too when nothing else was answered since. Sent again, it answers the same.
 */
export function undoReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
): Promise<UndoResult> {
  return deps.reviewWriter.undo({ userId, clientReviewId, now: deps.now() });
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
      ...toCardProgress(storedProgress(row)),
      firstStudiedAt: iso(row.created_at),
    })),
    reviews: reviews.map((row) => ({
      id: row.id,
      clientReviewId: row.client_review_id,
      cardId: row.card_id,
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
