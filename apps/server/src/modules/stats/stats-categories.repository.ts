import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StatsCategoriesMarkTable, StatsCategoriesTable } from '../../db/schema';

// The learner's own cards per category, kept in stats_categories (docs/decisions/0036-statistics.md).

export type CategoryCountRow = Selectable<StatsCategoriesTable>;
export type CategoriesMark = Omit<Selectable<StatsCategoriesMarkTable>, 'user_id'>;

/**
 * What the counts depend on besides the log: how many cards and categories the learner has, and
 * how many of their cards have moved to another category (a trigger counts them, migration 0029).
 * An edit of a card's texts changes none of them.
 */
export async function readCardsFingerprint(
  db: Db,
  userId: string,
): Promise<Omit<CategoriesMark, 'seq'>> {
  const [cards, moves, categories] = await Promise.all([
    db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('stats_card_moves')
      .select('moves')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    cards: Number(cards?.n ?? 0),
    card_moves: Number(moves?.moves ?? 0),
    categories: Number(categories?.n ?? 0),
  };
}

export async function findCategoriesMark(
  db: Db,
  userId: string,
): Promise<CategoriesMark | undefined> {
  return db
    .selectFrom('stats_categories_mark')
    .select(['seq', 'cards', 'card_moves', 'categories'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The learner's forward log rows after `seq` (the states before and after), up to `limit`. */
export async function listForwardLogAfter(
  db: Db,
  userId: string,
  seq: number,
  limit: number,
): Promise<{ card_id: string; state_before: string; state_after: string }[]> {
  return db
    .selectFrom('review_log')
    .select(['card_id', 'state_before', 'state_after'])
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .where('direction', '=', 'forward')
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/** The category of each of the learner's own cards among `ids` ('' for none). */
export async function ownCardCategories(
  db: Db,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const categories = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('cards')
      .select(['id', 'category_id'])
      .where('owner_id', '=', userId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) categories.set(row.id, row.category_id ?? '');
  }
  return categories;
}

export async function listCategoryCounts(db: Db, userId: string): Promise<CategoryCountRow[]> {
  return db.selectFrom('stats_categories').selectAll().where('user_id', '=', userId).execute();
}

/** The names of the given categories. */
export async function categoryNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/**
 * Replaces the learner's counts (every category when `whole`, else the ones given) and moves
 * the mark from what was read; false, writing nothing, when another refresh moved it meanwhile.
 */
export async function writeCategoryCounts(
  db: Db,
  userId: string,
  from: CategoriesMark | undefined,
  to: CategoriesMark,
  counts: Map<string, { new_cards: number; learning: number; known: number }>,
  whole: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (from) {
      const moved = await trx
        .updateTable('stats_categories_mark')
        .set(to)
        .where('user_id', '=', userId)
        .where('seq', '=', from.seq)
        .where('cards', '=', from.cards)
        .where('card_moves', '=', from.card_moves)
        .where('categories', '=', from.categories)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
    } else {
      const made = await trx
        .insertInto('stats_categories_mark')
        .values({ user_id: userId, ...to })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(made.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    }
    const keys = [...counts.keys()];
    if (whole) {
      await trx.deleteFrom('stats_categories').where('user_id', '=', userId).execute();
    } else {
      for (let i = 0; i < keys.length; i += 500) {
        await trx
          .deleteFrom('stats_categories')
          .where('user_id', '=', userId)
          .where('category_key', 'in', keys.slice(i, i + 500))
          .execute();
      }
    }
    const rows = keys.flatMap((key) => {
      const row = counts.get(key);
      return row && row.new_cards + row.learning + row.known > 0
        ? [{ user_id: userId, category_key: key, ...row }]
        : [];
    });
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('stats_categories')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    return true;
  });
}
