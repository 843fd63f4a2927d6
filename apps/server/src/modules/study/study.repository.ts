import type { Selectable } from 'kysely';
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

export async function findCombo(db: Db, userId: string): Promise<ComboRow | undefined> {
  return db.selectFrom('combos').selectAll().where('user_id', '=', userId).executeTakeFirst();
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
