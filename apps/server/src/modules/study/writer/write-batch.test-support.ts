import type { ReviewResult, UndoResult } from '@glossa/contract';
import type { TestApp } from '../../../../test/app';
import type { Settled } from '../../../db/group-commit';
import { AppError } from '../../../errors';
import type { StudyWrite } from './review-writer-messages';
import { writeBatchFor } from './write-batch';

/**
 * The writes as one batch of the writer in one transaction, as a group commit runs the writes
 * that arrive together, here whatever the timing (which of several writes posted to the writer's
 * thread arrive before its next commit begins depends on how the threads are scheduled): each
 * one's answer, or its refusal's code.
 */
export async function oneBatch(
  t: TestApp,
  jobs: StudyWrite[],
): Promise<(ReviewResult | UndoResult | string)[]> {
  const outcomes = await t.app.deps.db.transaction().execute((trx) =>
    writeBatchFor(t.app.deps.dbKind)(trx, jobs, async (queries) => {
      const results = [];
      for (const query of queries) results.push(await trx.executeQuery(query));
      return results;
    }),
  );
  return outcomes.map((outcome: Settled<ReviewResult | UndoResult>) =>
    outcome.ok ? outcome.value : outcome.error instanceof AppError ? outcome.error.code : 'error',
  );
}
