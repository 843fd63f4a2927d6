import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { CardRow } from './cards.repository';

/**
 * The pages of the card list (list-cards.service.ts): by a column of the card, or in the learner's
 * due order.
 */

/**
 * The sortable columns of the list; each has an index with the owner and with the category. The
 * front sorts by its key in the card's language (front_sort, decision 0023).
 */
export type CardSortColumn = 'created_at' | 'updated_at' | 'front_sort';

export interface CardPageQuery {
  ownerId: string;
  /** undefined: any category; null: uncategorised only; a list: cards in one of them. */
  categoryIds: string[] | null | undefined;
  from: string | undefined;
  to: string | undefined;
  /** Already folded as search_text is (searchKey). */
  text: string | undefined;
  column: CardSortColumn;
  order: 'asc' | 'desc';
  after: { value: string | number; id: string } | undefined;
  limit: number;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to this many categories, a multi-category page merges one index scan per category. */
const mergeCategoriesMax = 50;

type PageFilters = Omit<CardPageQuery, 'categoryIds' | 'limit'>;

/** The filtered, keyset-bounded, sorted cards of one owner (not yet limited). */
function selectPage(db: Db, query: PageFilters) {
  let select = db.selectFrom('cards').selectAll().where('owner_id', '=', query.ownerId);
  if (query.from) select = select.where('from_language_code', '=', query.from);
  if (query.to) select = select.where('to_language_code', '=', query.to);
  if (query.text) {
    const pattern = `%${likeEscape(query.text)}%`;
    select = select.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
  }
  const after = query.after;
  if (after) {
    const op = query.order === 'asc' ? '>' : '<';
    select = select.where((eb) =>
      eb(eb.refTuple(query.column, 'id'), op, eb.tuple(after.value, after.id)),
    );
  }
  return select.orderBy(query.column, query.order).orderBy('id', query.order);
}

/**
 * One page of the list, by keyset: (sort column, id) after the cursor's, limit + 1 rows so the
 * service knows whether another page follows. Every card of a category has the category's owner,
 * so owner_id always narrows the scan. Several categories (a sub-tree) would make both planners
 * merge-sort every card of the sub-tree; instead each category reads its first limit + 1 rows
 * from its (category_id, sort, id) index and the union is sorted once.
 */
export async function listCardsPage(db: Db, query: CardPageQuery): Promise<CardRow[]> {
  const { categoryIds, limit, ...filters } = query;
  if (categoryIds && categoryIds.length > 1 && categoryIds.length <= mergeCategoriesMax) {
    const parts = categoryIds.map((id, i) =>
      db
        .selectFrom(
          selectPage(db, filters)
            .where('category_id', '=', id)
            .limit(limit + 1)
            .as(`c${i}`),
        )
        .selectAll(),
    );
    const [first, ...rest] = parts;
    if (first) {
      const union = rest.reduce((all, part) => all.unionAll(part), first);
      return db
        .selectFrom(union.as('merged'))
        .selectAll()
        .orderBy(query.column, query.order)
        .orderBy('id', query.order)
        .limit(limit + 1)
        .execute();
    }
  }
  let select = selectPage(db, filters);
  if (categoryIds === null) select = select.where('category_id', 'is', null);
  else if (categoryIds) select = select.where('category_id', 'in', categoryIds);
  return select.limit(limit + 1).execute();
}

/**
 * The key of the `due` sort: a studied card's due time for this learner, and after every studied
 * card (every due time is far below 2^50 ms), the learner's new cards by creation time.
 */
const newCardDueKeyBase = 2 ** 50;

export interface DuePageQuery extends Omit<CardPageQuery, 'column'> {
  /** Whose schedule orders the cards (members each have their own). */
  learnerId: string;
}

export type DueCardRow = CardRow & { due_key: number };

/** The owner, category, language and text filters of a page, as one condition on `cards`. */
function pageFilters(eb: ExpressionBuilder<Database, 'cards'>, query: CardFilters) {
  const conditions: Expression<SqlBool>[] = [eb('cards.owner_id', '=', query.ownerId)];
  if (query.categoryIds === null) conditions.push(eb('cards.category_id', 'is', null));
  else if (query.categoryIds) conditions.push(eb('cards.category_id', 'in', query.categoryIds));
  if (query.from) conditions.push(eb('cards.from_language_code', '=', query.from));
  if (query.to) conditions.push(eb('cards.to_language_code', '=', query.to));
  if (query.text) {
    const pattern = `%${likeEscape(query.text)}%`;
    conditions.push(sql<SqlBool>`cards.search_text like ${pattern} escape '\\'`);
  }
  return eb.and(conditions);
}

/**
 * The learner's studied cards in due order (the progress index gives the order), by their forward
 * schedule: a card is one row of the list whichever ways it is asked (decision 0027).
 */
function selectStudied(db: Db, query: DuePageQuery, after: { value: number; id: string } | null) {
  const op = query.order === 'asc' ? '>' : '<';
  return db
    .selectFrom('cards')
    .innerJoin('progress', (join) =>
      join
        .onRef('progress.card_id', '=', 'cards.id')
        .on('progress.user_id', '=', query.learnerId)
        .on('progress.direction', '=', 'forward'),
    )
    .selectAll('cards')
    .select(sql<number>`progress.due_at`.as('due_key'))
    .where((eb) => pageFilters(eb, query))
    .where('progress.due_at', 'is not', null)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb(
          eb.refTuple('progress.due_at', 'cards.id'),
          op,
          eb.tuple(after?.value ?? 0, after?.id ?? ''),
        ),
      ),
    )
    .orderBy('progress.due_at', query.order)
    .orderBy('cards.id', query.order)
    .limit(query.limit + 1);
}

/** The learner's new cards (never studied forward by them) by creation. */
function selectNew(db: Db, query: DuePageQuery, after: { value: number; id: string } | null) {
  const op = query.order === 'asc' ? '>' : '<';
  return db
    .selectFrom('cards')
    .selectAll('cards')
    .select(sql<number>`cards.created_at + ${newCardDueKeyBase}`.as('due_key'))
    .where((eb) => pageFilters(eb, query))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('progress')
            .select('progress.card_id')
            .whereRef('progress.card_id', '=', 'cards.id')
            .where('progress.user_id', '=', query.learnerId)
            .where('progress.direction', '=', 'forward')
            .where('progress.due_at', 'is not', null),
        ),
      ),
    )
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb(
          eb.refTuple('cards.created_at', 'cards.id'),
          op,
          eb.tuple((after?.value ?? 0) - newCardDueKeyBase, after?.id ?? ''),
        ),
      ),
    )
    .orderBy('cards.created_at', query.order)
    .orderBy('cards.id', query.order)
    .limit(query.limit + 1);
}

/**
 * One page in the learner's due order (asc: soonest due first, then new cards oldest first; desc
 * the reverse), by keyset on (due key, id), limit + 1 rows like listCardsPage. Each part walks an
 * index in order: progress by (user, due) for studied cards, cards by (owner, created) for new.
 */
/** What a list's cards are, whatever their order: its owner, categories, languages and text. */
export type CardFilters = Pick<CardPageQuery, 'ownerId' | 'categoryIds' | 'from' | 'to' | 'text'>;

/**
 * How many cards the filters match: the list's total, read from the owner's (or the categories')
 * index, and with a text filter from the rows of that owner (at most ownerLimits.cardsMax).
 */
export async function countCards(db: Db, query: CardFilters): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where((eb) => pageFilters(eb, query))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listCardsPageByDue(db: Db, query: DuePageQuery): Promise<DueCardRow[]> {
  const after = query.after;
  if (after !== undefined && typeof after.value !== 'number') return [];
  const key = after as { value: number; id: string } | undefined;
  const inNew = key !== undefined && key.value >= newCardDueKeyBase;
  const parts =
    query.order === 'asc'
      ? [
          { part: 'studied', after: inNew ? undefined : key, skip: inNew },
          { part: 'new', after: inNew ? key : undefined, skip: false },
        ]
      : [
          { part: 'new', after: inNew ? key : undefined, skip: key !== undefined && !inNew },
          { part: 'studied', after: inNew ? undefined : key, skip: false },
        ];
  const rows: DueCardRow[] = [];
  for (const { part, after: partAfter, skip } of parts) {
    if (skip || rows.length > query.limit) continue;
    const select = part === 'studied' ? selectStudied : selectNew;
    const found = await select(
      db,
      { ...query, limit: query.limit - rows.length },
      partAfter ?? null,
    ).execute();
    rows.push(...found.map((row) => ({ ...row, due_key: Number(row.due_key) })));
  }
  return rows.slice(0, query.limit + 1);
}
