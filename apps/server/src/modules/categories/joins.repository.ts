import type { Db } from '../../db/database';

// The public decks learners joined (category_joins) and each deck's count of them
// (categories.learner_count), kept together in the transaction that joins or leaves
// (docs/decisions/0022-explore.md).

/** Ids per statement when a list of ids is bound (far below both dialects' limits). */
const idsPerStatement = 1000;

/** Which of the given categories the user joined. */
export async function listJoinedAmong(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const joined: string[] = [];
  for (let start = 0; start < ids.length; start += idsPerStatement) {
    const rows = await db
      .selectFrom('category_joins')
      .select('category_id')
      .where('user_id', '=', userId)
      .where('category_id', 'in', ids.slice(start, start + idsPerStatement))
      .execute();
    joined.push(...rows.map((row) => row.category_id));
  }
  return joined;
}

/** Adds the join (the caller checked that the user had not joined). */
export async function insertJoin(
  db: Db,
  join: { categoryId: string; userId: string; now: number },
): Promise<void> {
  await db
    .insertInto('category_joins')
    .values({ category_id: join.categoryId, user_id: join.userId, created_at: join.now })
    .execute();
}

/** Whether there was a join to remove. */
export async function deleteJoin(db: Db, categoryId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('category_joins')
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Adds `delta` to the deck's learner count, in the statement (no read of it first). */
export async function addToLearnerCount(db: Db, categoryId: string, delta: number): Promise<void> {
  await db
    .updateTable('categories')
    .set((eb) => ({ learner_count: eb('learner_count', '+', delta) }))
    .where('id', '=', categoryId)
    .execute();
}

/** The user's joins of decks that are public decks now (top-level public categories). */
const activeJoinsOf = (db: Db, userId: string) =>
  db
    .selectFrom('category_joins')
    .innerJoin('categories', 'categories.id', 'category_joins.category_id')
    .where('category_joins.user_id', '=', userId)
    .where('categories.visibility', '=', 'public')
    .where('categories.parent_id', 'is', null);

/** How many public decks the user joined (paused joins of unpublished decks aside). */
export async function countActiveJoinsOfUser(db: Db, userId: string): Promise<number> {
  const row = await activeJoinsOf(db, userId)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's joins of public decks, newest first, `limit` at most. */
export async function listActiveJoinsOfUser(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ category_id: string; created_at: number }[]> {
  return activeJoinsOf(db, userId)
    .select(['category_joins.category_id', 'category_joins.created_at'])
    .orderBy('category_joins.created_at', 'desc')
    .orderBy('category_joins.category_id', 'desc')
    .limit(limit)
    .execute();
}

/** Every deck the user joined, paused joins too. */
export async function listAllJoinsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('category_joins')
    .select('category_id')
    .where('user_id', '=', userId)
    .orderBy('category_id')
    .execute();
  return rows.map((row) => row.category_id);
}

/** Removes every join of the user, paused ones too. */
export async function deleteJoinsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('category_joins').where('user_id', '=', userId).execute();
}

export async function learnerCountOf(db: Db, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select('learner_count')
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return Number(row?.learner_count ?? 0);
}
