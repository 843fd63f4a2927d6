import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';

// Public decks as explore reads them (docs/decisions/0022-explore.md): top-level public
// categories of accounts that are not disabled, each page from one of the partial indexes of
// migration 0014 in its order.

/**
 * A public deck: a top-level public category (depth 1). Written as the predicate of the partial
 * indexes of migration 0014, in literals, not bound values, so that each planner sees that the
 * query implies it (SQLite uses one only then).
 */
const isPublicDeck = sql<SqlBool>`categories.visibility = 'public' and categories.depth = 1`;

export type DeckSortColumn = 'learner_count' | 'published_at' | 'name_lower';

export interface DeckPageQuery {
  from: string | undefined;
  to: string | undefined;
  /** Already lower-cased. */
  text: string | undefined;
  column: DeckSortColumn;
  order: 'asc' | 'desc';
  after: { value: string | number; id: string } | undefined;
  limit: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectDecks = (db: Db) =>
  db
    .selectFrom('categories')
    .innerJoin('users', 'users.id', 'categories.owner_id')
    .select([
      'categories.id',
      'categories.owner_id',
      'categories.path',
      'categories.name',
      'categories.name_lower',
      'categories.description',
      'categories.visibility',
      'categories.parent_id',
      'categories.from_language_code',
      'categories.to_language_code',
      'categories.learner_count',
      'categories.published_at',
      'categories.updated_at',
      'users.username as owner_username',
      'users.disabled as owner_disabled',
    ]);

export type DeckRow = Awaited<
  ReturnType<ReturnType<typeof selectDecks>['executeTakeFirstOrThrow']>
>;

/**
 * One page of public decks by keyset: (sort column, id) after the cursor's, `limit` + 1 rows so
 * the service knows whether another page follows. With both languages the pair's index is read,
 * otherwise the sort's own; the text filter (a part of the name, or the owner's username) skips
 * rows of that order.
 */
export async function listDecksPage(db: Db, query: DeckPageQuery): Promise<DeckRow[]> {
  let select = selectDecks(db).where(isPublicDeck).where('users.disabled', '=', 0);
  if (query.from) select = select.where('categories.from_language_code', '=', query.from);
  if (query.to) select = select.where('categories.to_language_code', '=', query.to);
  if (query.text) {
    // A part of the name, or the owner's username whole (by its index: a part of it would read
    // every user).
    const pattern = `%${likeEscape(query.text)}%`;
    select = select.where(
      sql<SqlBool>`(categories.name_lower like ${pattern} escape '\\' or categories.owner_id in (select id from users where username_lower = ${query.text}))`,
    );
  }
  const after = query.after;
  if (after) {
    const op = query.order === 'asc' ? '>' : '<';
    select = select.where((eb) =>
      eb(
        eb.refTuple(`categories.${query.column}`, 'categories.id'),
        op,
        eb.tuple(after.value, after.id),
      ),
    );
  }
  return select
    .orderBy(`categories.${query.column}`, query.order)
    .orderBy('categories.id', query.order)
    .limit(query.limit + 1)
    .execute();
}

/** The categories, as decks are read (whether each one is a public deck is the caller's check). */
export async function findDeckRows(db: Db, ids: string[]): Promise<DeckRow[]> {
  const rows: DeckRow[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    rows.push(
      ...(await selectDecks(db)
        .where('categories.id', 'in', ids.slice(start, start + 1000))
        .execute()),
    );
  }
  return rows;
}

/**
 * The cards filed directly in each category, and when the latest of them changed, from the
 * (category_id, updated_at, id) index alone.
 */
export async function cardStatsByCategory(
  db: Db,
  categoryIds: string[],
): Promise<Map<string, { count: number; updatedAt: number }>> {
  const stats = new Map<string, { count: number; updatedAt: number }>();
  for (let start = 0; start < categoryIds.length; start += 1000) {
    const rows = await db
      .selectFrom('cards')
      .select((eb) => [
        'category_id',
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.max<number | string>('updated_at').as('updated_at'),
      ])
      .where('category_id', 'in', categoryIds.slice(start, start + 1000))
      .groupBy('category_id')
      .execute();
    for (const row of rows) {
      if (row.category_id) {
        stats.set(row.category_id, { count: Number(row.count), updatedAt: Number(row.updated_at) });
      }
    }
  }
  return stats;
}

/**
 * The categories strangers read of each deck, by a recursive query on parent_id: the deck itself
 * (whatever its visibility: its owner's preview reads it as published) and, down from it, those
 * that are not private (a private one hides its sub-tree, open-subtrees.ts's rule). Only ids and
 * times: joined to the cards in the same statement, PostgreSQL, unable to guess the recursive
 * query's size, hashed every card of every learner (or, counting them per row, costed it high
 * enough to compile it first).
 */
export async function listOpenDeckCategories(
  db: Db,
  deckIds: string[],
): Promise<{ id: string; deckId: string; updatedAt: number }[]> {
  if (deckIds.length === 0) return [];
  const { rows } = await sql<{ id: string; deck_id: string; updated_at: string | number }>`
    with recursive opened(id, deck_id, updated_at) as (
      select id, id, updated_at from categories where id in (${sql.join(deckIds)})
      union all
      select c.id, o.deck_id, c.updated_at from categories c
      join opened o on c.parent_id = o.id
      where c.visibility <> 'private'
    )
    select id, deck_id, updated_at from opened`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    deckId: row.deck_id,
    updatedAt: Number(row.updated_at),
  }));
}
