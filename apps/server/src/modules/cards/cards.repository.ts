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
