import type { Db } from '../../db/database';
import type { CardRow } from '../cards/cards.repository';

/**
 * Cards with this front (lower-cased) and pair that the user might read: their own, and those in
 * a shared or public category (the service then keeps only the readable ones).
 */
export async function findCardsWithFront(
  db: Db,
  query: { userId: string; frontLower: string; from: string; to: string; limit: number },
): Promise<CardRow[]> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('front_lower', '=', query.frontLower)
    .where('from_language_code', '=', query.from)
    .where('to_language_code', '=', query.to)
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', query.userId),
        eb(
          'category_id',
          'in',
          eb.selectFrom('categories').select('id').where('visibility', '!=', 'private'),
        ),
      ]),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(query.limit)
    .execute();
}
