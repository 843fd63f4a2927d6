import type { Db } from '../../db/database';
import type { CardRow } from './cards.repository';

// The cards of a public deck as explore reads them: its first cards for a preview, and all of them,
// page by page, for a copy (docs/decisions/0022-explore.md).

/** Categories per statement: each reads its first rows from its own index. */
const categoriesPerStatement = 50;

/**
 * The first `limit` cards of the categories, in the order of the categories given and then oldest
 * first in each: each category's first rows from its (category_id, created_at, id) index, 50
 * categories per statement, stopping once `limit` are found.
 */
export async function listFirstCardsOfCategories(
  db: Db,
  categoryIds: string[],
  limit: number,
): Promise<CardRow[]> {
  const found: CardRow[] = [];
  for (
    let start = 0;
    start < categoryIds.length && found.length < limit;
    start += categoriesPerStatement
  ) {
    const chunk = categoryIds.slice(start, start + categoriesPerStatement);
    const want = limit - found.length;
    const parts = chunk.map((id, i) =>
      db
        .selectFrom(
          db
            .selectFrom('cards')
            .selectAll()
            .where('category_id', '=', id)
            .orderBy('created_at')
            .orderBy('id')
            .limit(want)
            .as(`c${i}`),
        )
        .selectAll(),
    );
    const [first, ...rest] = parts;
    if (!first) break;
    const rows = await rest.reduce((all, part) => all.unionAll(part), first).execute();
    const order = new Map(chunk.map((id, i) => [id, i]));
    rows.sort(
      (a, b) =>
        (order.get(a.category_id ?? '') ?? 0) - (order.get(b.category_id ?? '') ?? 0) ||
        a.created_at - b.created_at ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    found.push(...rows.slice(0, want));
  }
  return found;
}

/** One category's cards after the key, oldest first, `limit` at most. */
export async function listCardsOfCategoryAfter(
  db: Db,
  categoryId: string,
  after: { createdAt: number; id: string } | undefined,
  limit: number,
): Promise<CardRow[]> {
  let select = db.selectFrom('cards').selectAll().where('category_id', '=', categoryId);
  if (after) {
    select = select.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  return select.orderBy('created_at').orderBy('id').limit(limit).execute();
}
