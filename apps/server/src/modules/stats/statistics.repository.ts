import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The learner's own cards per category (null: none): how many, how many they studied forward,
 * and how many of those have an interval of `knownDays` or more. The cards come from the
 * (owner_id, category_id, created_at, id) index, each card's forward progress from its key.
 */
export async function countCardsByCategory(
  db: Db,
  userId: string,
  knownDays: number,
): Promise<
  {
    categoryId: string | null;
    total: number;
    studied: number;
    known: number;
  }[]
> {
  const rows = await db
    .selectFrom('cards')
    .leftJoin('progress', (join) =>
      join
        .onRef('progress.card_id', '=', 'cards.id')
        .on('progress.user_id', '=', userId)
        .on('progress.direction', '=', 'forward'),
    )
    .where('cards.owner_id', '=', userId)
    .groupBy('cards.category_id')
    .select((inner) => [
      'cards.category_id',
      inner.fn.countAll<number>().as('total'),
      inner.fn.count<number>('progress.card_id').as('studied'),
      inner.fn
        .sum<number | string | null>(
          sql<number>`case when progress.period >= ${knownDays} then 1 else 0 end`,
        )
        .as('known'),
    ])
    .execute();
  return rows.map((row) => ({
    categoryId: row.category_id,
    total: Number(row.total),
    studied: Number(row.studied),
    known: Number(row.known ?? 0),
  }));
}
