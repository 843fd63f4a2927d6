import type { Db } from '../../db/database';
import type { CardRow } from '../cards/cards.repository';

/** The cards of the given categories, oldest first (in chunks: bounded parameter lists). */
export async function listCardsInCategories(db: Db, categoryIds: string[]): Promise<CardRow[]> {
  const rows: CardRow[] = [];
  for (let i = 0; i < categoryIds.length; i += 1000) {
    rows.push(
      ...(await db
        .selectFrom('cards')
        .selectAll()
        .where('category_id', 'in', categoryIds.slice(i, i + 1000))
        .execute()),
    );
  }
  return rows.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
}
