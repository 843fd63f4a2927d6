import type { Db } from '../../db/database';
import type { ReviewLogTable } from '../../db/schema';
/** The columns of a log row that a fit reads (not the guess, nor the stored states). */
export type FitLogRow = Pick<ReviewLogTable, 'id' | 'card_id' | 'seq' | 'kind' | 'target_id' | 'reviewed_at' | 'grade'>;
/** One page of the learner's log after `afterSeq`, in the order it was written. */
export declare function listFitLogPage(db: Db, userId: string, afterSeq: number, limit: number): Promise<FitLogRow[]>;
