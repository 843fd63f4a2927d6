import type { CardListQuery, CardPage, CardSort } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { readCategoryScope } from '../categories/category-scope.service';
import { searchKey } from '@glossa/srs';
import { reverseDefaults, toCard } from './cards.service';
import type { CardRow } from './cards.repository';
import {
  countCards,
  listCardsPage,
  listCardsPageByDue,
  type CardSortColumn,
} from './list-cards.repository';
import { decodeCursor, encodeCursor } from './cursor';

/** The column behind each sort but `due`, which follows the caller's own schedule. */
const sortColumns: Record<Exclude<CardSort, 'due'>, CardSortColumn> = {
  created: 'created_at',
  updated: 'updated_at',
  front: 'front_sort',
};
const defaultOrder: Record<CardSort, 'asc' | 'desc'> = {
  created: 'desc',
  updated: 'desc',
  front: 'asc',
  due: 'asc',
};

interface Scope {
  ownerId: string;
  categoryIds: string[] | null | undefined;
  /** Categories whose cards the caller may edit (when the cards are not the caller's). */
  editable: Set<string>;
}

/** Which cards a list covers: the caller's own, or those of a category they may read. */
async function listScope(deps: AppDeps, userId: string, query: CardListQuery): Promise<Scope> {
  if (!query.categoryId) return { ownerId: userId, categoryIds: undefined, editable: new Set() };
  if (query.categoryId === 'none') {
    return { ownerId: userId, categoryIds: null, editable: new Set() };
  }
  const scope = await readCategoryScope(deps.db, userId, query.categoryId, {
    subcategories: query.includeSubcategories ?? false,
  });
  return {
    ownerId: scope.ownerId,
    categoryIds: scope.categories.map((c) => c.id),
    editable: new Set(scope.categories.filter((c) => c.canEditCards).map((c) => c.id)),
  };
}

/** GET /api/cards: one page, by keyset, with the cursor of the next one. */
export async function listCards(
  deps: AppDeps,
  userId: string,
  query: CardListQuery,
): Promise<CardPage> {
  const order = query.order ?? defaultOrder[query.sort];
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, order) : undefined;
  const scope = await listScope(deps, userId, query);
  const filters = {
    ownerId: scope.ownerId,
    categoryIds: scope.categoryIds,
    from: query.from,
    to: query.to,
    text: query.q ? searchKey(query.q) : undefined,
    order,
    after,
    limit: query.limit,
  };
  let rows: CardRow[];
  let sortValue: (row: CardRow) => string | number;
  if (query.sort === 'due') {
    const dueRows = await listCardsPageByDue(deps.db, { ...filters, learnerId: userId });
    const keys = new Map(dueRows.map((row) => [row.id, row.due_key]));
    rows = dueRows;
    sortValue = (row) => keys.get(row.id) ?? 0;
  } else {
    const column = sortColumns[query.sort];
    rows = await listCardsPage(deps.db, { ...filters, column });
    sortValue = (row) => row[column];
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // The first page tells how many cards the whole list has; the next ones need not count again.
  const total = query.cursor ? null : await countCards(deps.db, filters);
  const reverse = await reverseDefaults(deps.db, page);
  return {
    total,
    items: page.map((row) =>
      toCard(
        row,
        row.owner_id === userId ||
          (row.category_id !== null && scope.editable.has(row.category_id)),
        reverse,
      ),
    ),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, order, value: sortValue(last), id: last.id })
        : null,
  };
}
