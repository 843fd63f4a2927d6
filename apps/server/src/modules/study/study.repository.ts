import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CombosTable, ProgressTable, ReviewLogTable } from '../../db/schema';

export type ProgressRow = Selectable<ProgressTable>;
export type ReviewLogRow = Selectable<ReviewLogTable>;
export type ComboRow = Selectable<CombosTable>;

/** How many cards the learner studied for the first time since `since`, by category ('' = none). */
export async function countIntroducedSince(
  db: Db,
  userId: string,
  since: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('progress')
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((row) => [row.category_id ?? '', Number(row.n)]));
}

export async function findProgress(
  db: Db,
  userId: string,
  cardId: string,
): Promise<ProgressRow | undefined> {
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
}

export async function upsertProgress(db: Db, row: Insertable<ProgressTable>): Promise<void> {
  await db
    .insertInto('progress')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'card_id']).doUpdateSet({
        category_id: row.category_id,
        elevation: row.elevation,
        period: row.period,
        lapses: row.lapses,
        reps: row.reps,
        last_review_at: row.last_review_at,
        due_at: row.due_at,
        suspended: row.suspended,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteProgress(db: Db, userId: string, cardId: string): Promise<void> {
  await db
    .deleteFrom('progress')
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .execute();
}

/**
 * The learner's combo row, created if missing and, on PostgreSQL, locked until the transaction
 * ends: every study write of one learner goes through it, so they run one after the other.
 */
export async function lockCombo(db: Db, userId: string, lock: boolean): Promise<ComboRow> {
  await db
    .insertInto('combos')
    .values({ user_id: userId, current: 0, best: 0, best_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  let query = db.selectFrom('combos').selectAll().where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function findCombo(db: Db, userId: string): Promise<ComboRow | undefined> {
  return db.selectFrom('combos').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findLogByClientId(
  db: Db,
  userId: string,
  clientReviewId: string,
): Promise<ReviewLogRow | undefined> {
  return db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_review_id', '=', clientReviewId)
    .executeTakeFirst();
}

/** Every log row of the learner on one card, oldest first. */
export async function listLogOfCard(
  db: Db,
  userId: string,
  cardId: string,
): Promise<ReviewLogRow[]> {
  return db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .orderBy('seq', 'asc')
    .execute();
}

/** The learner's log rows written after `seq`, oldest first. */
export async function listLogAfter(
  db: Db,
  userId: string,
  seq: number,
  limit: number,
): Promise<ReviewLogRow[]> {
  return db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

export async function nextSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('review_log')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

export async function insertLog(db: Db, row: Insertable<ReviewLogTable>): Promise<void> {
  await db.insertInto('review_log').values(row).execute();
}

export async function listProgressOfUser(db: Db, userId: string): Promise<ProgressRow[]> {
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('card_id', 'asc')
    .execute();
}

export async function listLogOfUser(db: Db, userId: string): Promise<ReviewLogRow[]> {
  return db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'asc')
    .execute();
}
