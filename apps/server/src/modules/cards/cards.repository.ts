import { searchDocument } from '@glossa/srs';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable } from '../../db/schema';

export type CardRow = Selectable<CardsTable>;
/** The columns a change of a card may write; its version is raised by the statement itself. */
export type CardPatch = Updateable<
  Omit<CardsTable, 'id' | 'owner_id' | 'created_at' | 'version' | 'owner_studied' | 'anki_key'>
>;

/** The words search indexes a card by (decision 0021). */
export function cardSearchDocument(front: string, answersJson: string, notes: string): string {
  const parsed: unknown = JSON.parse(answersJson);
  const answers = Array.isArray(parsed)
    ? parsed.filter((answer): answer is string => typeof answer === 'string')
    : [];
  return searchDocument(front, ...answers, notes);
}

/** The row with its search words (every insert of a card passes here). */
const indexed = (row: Insertable<CardsTable>): Insertable<CardsTable> => ({
  ...row,
  search_doc: row.search_doc ?? cardSearchDocument(row.front, row.answers, row.notes ?? ''),
});

export async function insertCard(db: Db, row: Insertable<CardsTable>): Promise<void> {
  await db.insertInto('cards').values(indexed(row)).execute();
}

export async function insertCards(db: Db, rows: Insertable<CardsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('cards').values(rows.map(indexed)).execute();
}

export async function findCard(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCardsByIds(db: Db, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('cards').selectAll().where('id', 'in', ids).execute();
}

/**
 * Writes the given columns of the card and raises its version, in one statement, if the card is
 * still at `version`: the row as it is after, or undefined when it was changed or deleted since.
 * Nothing else of the row is written, so a concurrent change of other columns is kept.
 */
export async function updateCardColumns(
  db: Db,
  id: string,
  version: number,
  patch: CardPatch,
): Promise<CardRow | undefined> {
  return db
    .updateTable('cards')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the card; whether it was there to delete. */
export async function deleteCard(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('cards').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
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
    .set((eb) => ({ category_id: categoryId, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteCards(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('cards').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` of the owner's cards; answers how many. */
export async function deleteSomeCardsOfOwner(
  db: Db,
  ownerId: string,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('cards')
    .where('id', 'in', (eb) =>
      eb.selectFrom('cards').select('id').where('owner_id', '=', ownerId).limit(limit),
    )
    .executeTakeFirst();
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
 * a shared or public category (the service then keeps only the readable ones). At most
 * `perOwner` cards of each owner (their oldest) and `owners` owners besides the user (the first
 * by id), so that one owner's many cards can neither fill the answer nor make it slow: the owners
 * are found by skipping from one to the next in the index (a recursive query, one seek each), and
 * each one's oldest cards by `perOwner` seeks, never by reading all of an owner's cards. Every
 * owner's first card comes before any owner's second.
 */
export async function findCardsWithFront(
  db: Db,
  query: {
    userId: string;
    frontLower: string;
    from: string;
    to: string;
    perOwner: number;
    owners: number;
  },
): Promise<CardRow[]> {
  const sameFront = (alias: string) =>
    sql`${sql.ref(`${alias}.front_lower`)} = ${query.frontLower} and ${sql.ref(`${alias}.from_language_code`)} = ${query.from} and ${sql.ref(`${alias}.to_language_code`)} = ${query.to}`;
  const nthCard = (offset: number) =>
    sql`select ${sql.lit(offset + 1)} as owner_rank, (select c.id from cards c where ${sameFront('c')} and c.owner_id = o.owner_id order by c.created_at, c.id limit 1 offset ${sql.lit(offset)}) as card_id from picked o`;
  const ranks = sql.join(
    Array.from({ length: query.perOwner }, (_, offset) => nthCard(offset)),
    sql` union all `,
  );
  const result = await sql<CardRow & { owner_rank: number }>`
    with recursive owners(owner_id) as (
      select (select c.owner_id from cards c where ${sameFront('c')} order by c.owner_id limit 1)
      union all
      select (select c.owner_id from cards c where ${sameFront('c')} and c.owner_id > o.owner_id order by c.owner_id limit 1)
      from owners o where o.owner_id is not null
    ),
    picked(owner_id) as (
      select cast(${query.userId} as text)
      union
      select owner_id from (select owner_id from owners where owner_id is not null limit ${query.owners}) first_owners
    ),
    ranked(owner_rank, card_id) as (${ranks})
    select cards.*, ranked.owner_rank from ranked
    join cards on cards.id = ranked.card_id
    where cards.owner_id = ${query.userId}
      or exists (select 1 from categories where categories.id = cards.category_id and categories.visibility <> 'private')
    order by ranked.owner_rank, cards.created_at, cards.id`.execute(db);
  return result.rows.map(({ owner_rank: _rank, ...card }) => card);
}

/**
 * Learners other than the owner with a schedule of each card (progress.foreign_card), at most
 * `perCard` of each: who studies a card, for weighing translation suggestions.
 */
export async function findLearnersOfCards(
  db: Db,
  cardIds: string[],
  perCard: number,
): Promise<{ cardId: string; userId: string }[]> {
  if (cardIds.length === 0) return [];
  const ranked = db
    .selectFrom('progress')
    .select(['card_id', 'user_id'])
    .select((eb) =>
      eb.fn
        .agg<number>('row_number', [])
        .over((over) => over.partitionBy('card_id').orderBy('user_id'))
        .as('learner_rank'),
    )
    .where('card_id', 'in', cardIds)
    .where('foreign_card', '=', 1)
    // One row per learner (a card asked both ways has two schedules).
    .where('direction', '=', 'forward');
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select(['card_id', 'user_id'])
    .where('learner_rank', '<=', perCard)
    .execute();
  return rows.map((row) => ({ cardId: row.card_id, userId: row.user_id }));
}

/** Front keys per query: a bounded parameter list on both dialects. */
const keysPerQuery = 500;

/**
 * The owner's cards with one of these front keys, in any languages, oldest first: one index seek
 * per key (cards_owner_front_key).
 */
export async function findCardsByFrontKeys(
  db: Db,
  ownerId: string,
  keys: string[],
): Promise<CardRow[]> {
  const rows: CardRow[] = [];
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += keysPerQuery) {
    rows.push(
      ...(await db
        .selectFrom('cards')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('front_key', 'in', unique.slice(i, i + keysPerQuery))
        .execute()),
    );
  }
  return rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
}

/** The owner's oldest `limit` cards with this front key and language pair. */
export async function findCardsByFrontKey(
  db: Db,
  query: { ownerId: string; key: string; from: string; to: string; limit: number },
): Promise<CardRow[]> {
  return db
    .selectFrom('cards')
    .selectAll()
    .where('owner_id', '=', query.ownerId)
    .where('front_key', '=', query.key)
    .where('from_language_code', '=', query.from)
    .where('to_language_code', '=', query.to)
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit)
    .execute();
}

/** How many cards the owner has (the owner's limit, docs/limits.md). */
export async function countOwnedCards(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of these Anki keys the owner's cards have (cards_owner_anki_key: one seek per key). */
export async function findAnkiKeys(db: Db, ownerId: string, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += keysPerQuery) {
    const rows = await db
      .selectFrom('cards')
      .select('anki_key')
      .where('owner_id', '=', ownerId)
      .where('anki_key', 'in', unique.slice(i, i + keysPerQuery))
      .execute();
    for (const row of rows) if (row.anki_key !== null) found.add(row.anki_key);
  }
  return found;
}
