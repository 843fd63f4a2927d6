import type { Db } from '../../db/database';
import type { FitProgressTable, ReviewLogTable } from '../../db/schema';

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

/** A learner's running fit as its instance last wrote it. */
export type FitProgressRow = Pick<
  FitProgressTable,
  'run_id' | 'started_at' | 'evaluations' | 'updated_at'
>;

/** Writes the row of a fit that starts, over any row of an earlier fit of the learner. */
export async function startFitProgress(
  db: Db,
  userId: string,
  runId: string,
  startedAt: number,
): Promise<void> {
  const row = { run_id: runId, started_at: startedAt, evaluations: 0, updated_at: startedAt };
  await db
    .insertInto('fit_progress')
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute();
}

/** The evaluations so far of the run, if its row is still its own. */
export async function updateFitProgress(
  db: Db,
  userId: string,
  runId: string,
  evaluations: number,
  updatedAt: number,
): Promise<void> {
  await db
    .updateTable('fit_progress')
    .set({ evaluations, updated_at: updatedAt })
    .where('user_id', '=', userId)
    .where('run_id', '=', runId)
    .execute();
}

/** Removes the run's row (a later fit's row of the same learner stays). */
export async function deleteFitProgress(db: Db, userId: string, runId: string): Promise<void> {
  await db
    .deleteFrom('fit_progress')
    .where('user_id', '=', userId)
    .where('run_id', '=', runId)
    .execute();
}

/** The learner's running fit, unless its row was last written before `updatedSince`. */
export async function findFitProgress(
  db: Db,
  userId: string,
  updatedSince: number,
): Promise<FitProgressRow | undefined> {
  return db
    .selectFrom('fit_progress')
    .select(['run_id', 'started_at', 'evaluations', 'updated_at'])
    .where('user_id', '=', userId)
    .where('updated_at', '>=', updatedSince)
    .executeTakeFirst();
}
