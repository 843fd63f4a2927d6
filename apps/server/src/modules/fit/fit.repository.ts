import type { Db } from '../../db/database';
import type { ReviewLogTable } from '../../db/schema';

/** The columns of a log row that a fit reads (not the guess, nor the stored states). */
export type FitLogRow = Pick<
  ReviewLogTable,
  'id' | 'card_id' | 'seq' | 'kind' | 'target_id' | 'reviewed_at' | 'grade'
>;

/** One page of the learner's log after `afterSeq`, in the order it was written. */
export async function listFitLogPage(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<FitLogRow[]> {
  return db
    .selectFrom('review_log')
    .select(['id', 'card_id', 'seq', 'kind', 'target_id', 'reviewed_at', 'grade'])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}
