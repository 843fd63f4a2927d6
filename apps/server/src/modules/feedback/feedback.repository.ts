import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';

export type FeedbackRow = Selectable<FeedbackTable>;

export async function insertFeedback(db: Db, row: Insertable<FeedbackTable>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
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
