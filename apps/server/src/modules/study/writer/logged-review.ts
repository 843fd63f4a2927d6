import type { ReviewResult } from '@glossa/contract';
import type { Selectable } from 'kysely';
import type { Direction, ReviewLogTable } from '../../../db/schema';
import type { StoredState } from '../study-state';

// What an override or an undo reads of the review it acts on, and of the rows around it in the
// learner's log (docs/decisions/0012-study-write-path.md). Pure, like applyAnswer.

/** A review as its log row holds it, for an override or an undo of it. */
export interface LoggedReview {
  /** The log row's id. */
  id: string;
  clientReviewId: string;
  cardId: string;
  /** The direction it answered: an override or undo acts on that schedule. */
  direction: Direction;
  reviewedAt: number;
  guess: string;
  score: number;
  success: boolean;
  grade: number;
  /** The card's progress and the combo just before the review. */
  stateBefore: StoredState;
  /** What the review answered. */
  result: ReviewResult;
}

/** A review's log row as an override or undo of it reads it. */
export const toLoggedReview = (row: Selectable<ReviewLogTable>): LoggedReview => ({
  id: row.id,
  clientReviewId: row.client_review_id,
  cardId: row.card_id,
  direction: row.direction,
  reviewedAt: row.reviewed_at,
  guess: row.guess,
  score: row.score,
  success: row.success === 1,
  grade: row.grade,
  stateBefore: JSON.parse(row.state_before) as StoredState,
  result: JSON.parse(row.result) as ReviewResult,
});

/** Where a review stands in the learner's log (standingOf). */
export interface Standing {
  /**
   * It is the latest review of its card in its direction that was not undone: only that one may
   * be changed (the rows given are of that direction).
   */
  latestOfCard: boolean;
  /** An override acted on it already. */
  overridden: boolean;
  /**
   * Nothing was written after it but rows that act on it, and undone reviews with what acted on
   * them: the combo may go back to what it was before it.
   */
  latestOverall: boolean;
}

/** The rows of the learner's log that standingOf reads (oldest first). */
type StandingRow = Pick<Selectable<ReviewLogTable>, 'id' | 'kind' | 'target_id'>;

/**
 * Where the review `targetId` stands: `ofCard` holds the learner's log rows on its card, `after`
 * the rows written after it (at most `limit` of them are looked at; more count as "not latest").
 */
export function standingOf(
  targetId: string,
  ofCard: readonly StandingRow[],
  after: readonly StandingRow[],
  limit = 100,
): Standing {
  const undoneHere = new Set(ofCard.filter((r) => r.kind === 'undo').map((r) => r.target_id));
  const latest = ofCard.filter((r) => r.kind === 'review' && !undoneHere.has(r.id)).at(-1);
  const later = after.slice(0, limit);
  const undone = new Set(later.filter((r) => r.kind === 'undo').map((r) => r.target_id));
  return {
    latestOfCard: latest?.id === targetId,
    overridden: ofCard.some((r) => r.kind === 'override' && r.target_id === targetId),
    // Rows after it are transparent when they act on it, or are undone reviews and their undos.
    latestOverall:
      later.length < limit &&
      later.every(
        (r) =>
          r.target_id === targetId ||
          r.kind === 'undo' ||
          undone.has(r.id) ||
          (r.kind === 'override' && undone.has(r.target_id)),
      ),
  };
}

/** The client id an override or undo of a review is logged under (sent again, it is found). */
export const revisionId = (clientReviewId: string, kind: 'override' | 'undo') =>
  `${clientReviewId}.${kind}`;
