import {
  PostgresAdapter,
  sql,
  type OperandExpression,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Db } from '../../db/database';
import { inSubtree, selectCategories, type CategoryRow } from './categories.repository';

// Sets of categories that may be of any size (a member reaches the trees of any number of owners),
// as subqueries: a query asks `category_id in (…)` of one instead of binding one parameter per id.

/** A set of categories: a subquery answering their ids, and how the database looks them up. */
export interface CategoryIdSet {
  readonly ids: OperandExpression<string>;
  readonly postgres: boolean;
}

const setOf = (db: Db, ids: OperandExpression<string>): CategoryIdSet => ({
  ids,
  postgres: db.getExecutor().adapter instanceof PostgresAdapter,
});

/**
 * `column in set` as a filter of rows found by another index (each database hashes the set once).
 */
export function inCategorySet(column: string, set: CategoryIdSet): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in ${set.ids}`;
}

/**
 * `column in set` where the set leads, each of its ids looked up on the column's index. PostgreSQL
 * takes the set as one array (`= any(array(…))`): its planner cannot tell how many rows a
 * recursive query answers, and with `in (…)` it scanned every card of every learner (300 ms at
 * 315,000 cards, growing with the table, against 118 ms by the index). SQLite looks the ids up by
 * index either way.
 */
export function lookUpCategorySet(column: string, set: CategoryIdSet): RawBuilder<SqlBool> {
  return set.postgres
    ? sql<SqlBool>`${sql.ref(column)} = any(array${set.ids})`
    : sql<SqlBool>`${sql.ref(column)} in ${set.ids}`;
}

/** The owner's categories at or under `path`. */
export function subtreeIdSet(db: Db, root: { ownerId: string; path: string }): CategoryIdSet {
  return setOf(db, db.selectFrom('categories').select('categories.id').where(inSubtree(root)));
}

/** Every category of the owner. */
export function ownedIdSet(db: Db, ownerId: string): CategoryIdSet {
  return setOf(
    db,
    db.selectFrom('categories').select('categories.id').where('owner_id', '=', ownerId),
  );
}

/**
 * Other owners' categories the user reaches through a membership: each category they are a member
 * of that is not private, and the categories under it down to (not through) a private one, as
 * walking up from each of them meets a membership before a private category
 * (docs/decisions/0004-sharing.md). Only those at or under `within`, when given. A recursive
 * query on categories.parent_id: no list of ids, whatever the number of owners and categories.
 */
export function reachedIdSet(
  db: Db,
  userId: string,
  within?: { ownerId: string; path: string },
): CategoryIdSet {
  return reachedSet(db, userId, { joins: false, within });
}

/**
 * Other owners' categories the user studies (canStudy, category-access.ts): those reached through a
 * membership (reachedIdSet), and those of the public decks they joined, from the deck (while it is
 * a top-level public category) down to (not through) a private one (docs/decisions/0022-explore.md).
 */
export function studiedIdSet(
  db: Db,
  userId: string,
  within?: { ownerId: string; path: string },
): CategoryIdSet {
  return reachedSet(db, userId, { joins: true, within });
}

/**
 * Other owners' public decks (top-level public categories) and the categories under them down to
 * (not through) a private one: what strangers read of them (explore, public search).
 */
export function publicIdSet(db: Db, userId: string): CategoryIdSet {
  const reached = db
    .withRecursive('reached(id)', (qb) =>
      qb
        .selectFrom('categories as d')
        .select('d.id')
        .where('d.visibility', '=', 'public')
        .where('d.parent_id', 'is', null)
        .where('d.owner_id', '<>', userId)
        .union(
          qb
            .selectFrom('categories as c')
            .innerJoin('reached', 'reached.id', 'c.parent_id')
            .select('c.id')
            .where('c.visibility', '<>', 'private'),
        ),
    )
    .selectFrom('reached');
  return setOf(db, reached.select('reached.id as id'));
}

function reachedSet(
  db: Db,
  userId: string,
  options: { joins: boolean; within: { ownerId: string; path: string } | undefined },
): CategoryIdSet {
  const reached = db
    .withRecursive('reached(id)', (qb) => {
      const members = qb
        .selectFrom('category_members as m')
        .innerJoin('categories as r', 'r.id', 'm.category_id')
        .select('r.id')
        .where('m.user_id', '=', userId)
        .where('r.owner_id', '<>', userId)
        .where('r.visibility', '<>', 'private');
      const starts = options.joins
        ? members.union(
            qb
              .selectFrom('category_joins as j')
              .innerJoin('categories as d', 'd.id', 'j.category_id')
              .select('d.id')
              .where('j.user_id', '=', userId)
              .where('d.owner_id', '<>', userId)
              .where('d.visibility', '=', 'public')
              .where('d.parent_id', 'is', null),
          )
        : members;
      return starts.union(
        qb
          .selectFrom('categories as c')
          .innerJoin('reached', 'reached.id', 'c.parent_id')
          .select('c.id')
          .where('c.visibility', '<>', 'private'),
      );
    })
    .selectFrom('reached');
  const within = options.within;
  if (!within) return setOf(db, reached.select('reached.id as id'));
  return setOf(
    db,
    reached
      .innerJoin('categories', 'categories.id', 'reached.id')
      .select('categories.id')
      .where(inSubtree(within)),
  );
}

/** The rows of a set of categories, nearest to the top first, `limit` at most. */
export async function listCategoriesIn(
  db: Db,
  set: CategoryIdSet,
  limit: number,
): Promise<CategoryRow[]> {
  return selectCategories(db)
    .where(lookUpCategorySet('categories.id', set))
    .orderBy('categories.depth')
    .orderBy('categories.name_lower')
    .orderBy('categories.id')
    .limit(limit)
    .execute();
}

/** How many categories a set holds. */
export async function countCategoriesIn(db: Db, set: CategoryIdSet): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where(lookUpCategorySet('categories.id', set))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether the card of a query (`cards` row under `alias`) is asked in reverse too (decision
 * 0027): its own choice, else its category's default. Read where it is needed, never stored on
 * the card, so a category's change reaches its cards without writing them.
 */
export function cardAsksReverse(alias = 'cards'): RawBuilder<SqlBool> {
  const reverse = sql.ref(`${alias}.reverse`);
  return sql<SqlBool>`(${reverse} = 'on' or (${reverse} = 'inherit' and exists (select 1 from categories reverse_of where reverse_of.id = ${sql.ref(`${alias}.category_id`)} and reverse_of.reverse_default = 1)))`;
}

/** Of these categories, those whose cards ask the reverse direction by default. */
export async function findReverseDefaultCategories(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .selectFrom('categories')
      .select('id')
      .where('id', 'in', unique.slice(i, i + 1000))
      .where('reverse_default', '=', 1)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
