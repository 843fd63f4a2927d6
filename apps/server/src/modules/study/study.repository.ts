import { sql, type Selectable } from 'kysely';
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

/**
 * The learner's reviews since `since` that no undo took back, and how many of them succeeded
 * (a failure turned into a success by "I was right" counts as a success). An undo or override
 * of a review is a later row of the same card, found on the (card_id, user_id, seq) index.
 */
export async function countAnsweredSince(
  db: Db,
  userId: string,
  since: number,
): Promise<{ total: number; successes: number }> {
  const row = await db
    .selectFrom('review_log as r')
    .where('r.user_id', '=', userId)
    .where('r.reviewed_at', '>=', since)
    .where('r.kind', '=', 'review')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('review_log as u')
            .select(sql<number>`1`.as('one'))
            .whereRef('u.user_id', '=', 'r.user_id')
            .whereRef('u.card_id', '=', 'r.card_id')
            .whereRef('u.seq', '>', 'r.seq')
            .where('u.kind', '=', 'undo')
            .whereRef('u.target_id', '=', 'r.id'),
        ),
      ),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.or([
                eb('r.success', '=', 1),
                eb.exists(
                  eb
                    .selectFrom('review_log as o')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('o.user_id', '=', 'r.user_id')
                    .whereRef('o.card_id', '=', 'r.card_id')
                    .whereRef('o.seq', '>', 'r.seq')
                    .where('o.kind', '=', 'override')
                    .whereRef('o.target_id', '=', 'r.id'),
                ),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('successes'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), successes: Number(row?.successes ?? 0) };
}

/** The learner's combo at zero (none yet counts the same to every reader). */
export async function insertCombo(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('combos')
    .values({ user_id: userId, current: 0, best: 0, best_at: null })
    .execute();
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
    .orderBy('direction', 'asc')
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
