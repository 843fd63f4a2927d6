import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable } from '../../db/schema';

export type CardRow = Selectable<CardsTable>;
export type CardPatch = Updateable<Omit<CardsTable, 'id'>>;

export async function insertCard(db: Db, row: Insertable<CardsTable>): Promise<void> {
  await db.insertInto('cards').values(row).execute();
}

export async function insertCards(db: Db, rows: Insertable<CardsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('cards').values(rows).execute();
}

export async function findCard(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCardsByIds(db: Db, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('cards').selectAll().where('id', 'in', ids).execute();
}

export async function updateCard(db: Db, id: string, patch: CardPatch): Promise<void> {
  await db.updateTable('cards').set(patch).where('id', '=', id).execute();
}

export async function deleteCard(db: Db, id: string): Promise<void> {
  await db.deleteFrom('cards').where('id', '=', id).execute();
}

export async function moveCards(
  db: Db,
  ids: string[],
  categoryId: string | null,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('cards')
    .set({ category_id: categoryId, updated_at: now })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteCards(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('cards').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listCardsOfOwner(db: Db, ownerId: string): Promise<CardRow[]> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

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
