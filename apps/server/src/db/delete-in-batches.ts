/** Rows deleted per statement by the periodic pruning: each delete stays short on either database. */
export const pruneBatch = 1000;

/**
 * Runs `deleteBatch` (a delete of at most `limit` rows, answering how many went) until a batch
 * comes short, so that a backlog of any size is deleted in statements that each hold their locks
 * briefly. Answers the rows deleted in all.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit = pruneBatch,
): Promise<number> {
  let total = 0;
  let deleted: number;
  do {
    deleted = await deleteBatch(limit);
    total += deleted;
  } while (deleted === limit);
  return total;
}
