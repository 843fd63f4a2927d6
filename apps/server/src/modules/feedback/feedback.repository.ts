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

export type FeedbackWithSender = FeedbackRow & { username: string; email: string };

/** A page of every learner's feedback for the admins, newest first (keyset on created_at, id). */
export async function listFeedbackForAdmins(
  db: Db,
  filter: {
    status?: FeedbackRow['status'];
    kind?: FeedbackRow['kind'];
    after?: { createdAt: number; id: string };
    limit: number;
  },
): Promise<FeedbackWithSender[]> {
  let query = db
    .selectFrom('feedback')
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .selectAll('feedback')
    .select(['users.username', 'users.email']);
  if (filter.status) query = query.where('feedback.status', '=', filter.status);
  if (filter.kind) query = query.where('feedback.kind', '=', filter.kind);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('feedback.created_at', '<', after.createdAt),
        eb.and([eb('feedback.created_at', '=', after.createdAt), eb('feedback.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(filter.limit)
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

export async function findFeedbackWithSender(
  db: Db,
  id: string,
): Promise<FeedbackWithSender | undefined> {
  const row = await db
    .selectFrom('feedback')
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .selectAll('feedback')
    .select(['users.username', 'users.email'])
    .where('feedback.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, created_at: Number(row.created_at) };
}

export async function updateFeedbackStatus(
  db: Db,
  id: string,
  status: FeedbackRow['status'],
  now: number,
): Promise<void> {
  await db.updateTable('feedback').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function countFeedbackWithStatus(
  db: Db,
  status: FeedbackRow['status'],
): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
