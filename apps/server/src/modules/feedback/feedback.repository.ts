import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';

export type FeedbackRow = Selectable<FeedbackTable>;

export async function insertFeedback(db: Db, row: Insertable<FeedbackTable>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

/** How many messages the user sent after `since`, and when the oldest of them was sent. */
export async function countFeedbackSince(
  db: Db,
  userId: string,
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.min<number | null>('created_at').as('oldest'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function listFeedbackOfUser(db: Db, userId: string): Promise<FeedbackRow[]> {
  return db
    .selectFrom('feedback')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
