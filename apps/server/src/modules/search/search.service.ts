import type { SearchQuery, SearchResults } from '@glossa/contract';
import { searchTerms } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import { parseAnswers } from '../cards/cards.service';
import {
  listCategorySet,
  publicCategorySet,
  readCategoryScope,
  studiedCategorySet,
} from '../categories/category-scope.service';
import {
  readCardRows,
  readCategoryRows,
  searchIds,
  type SearchFilter,
  type SearchReach,
} from './search.repository';

// One search box over cards and categories (docs/decisions/0021-search.md): the query folded and
// cut into terms as the rows were (packages/srs search-terms), each database's full-text indexes,
// permission in the query.

const iso = (ms: number) => new Date(ms).toISOString();

/** What the caller may read of the chosen scope, as the queries filter by it. */
async function reachOf(deps: AppDeps, userId: string, query: SearchQuery): Promise<SearchReach> {
  const db = deps.db;
  if (query.categoryId !== undefined) {
    // 404 naming categoryId when the caller may not read it.
    const scope = await readCategoryScope(db, userId, query.categoryId, {
      subcategories: true,
      field: 'categoryId',
    });
    return { kind: 'within', categoryIds: scope.categories.map((category) => category.id) };
  }
  if (query.scope === 'public') {
    return { kind: 'public', userId, categories: publicCategorySet(db, userId) };
  }
  const others = studiedCategorySet(db, userId);
  let ids: Promise<string[]> | undefined;
  return { kind: 'mine', userId, otherIds: () => (ids ??= listCategorySet(db, others)) };
}

/**
 * GET /api/search: cards and categories matching every term of the query, best tier first (whole
 * words, starts of words, inside words), newest first within a tier, `limit` of each kind.
 */
export async function search(
  deps: AppDeps,
  userId: string,
  query: SearchQuery,
): Promise<SearchResults> {
  const reach = await reachOf(deps, userId, query);
  const terms = searchTerms(query.q);
  if (terms.length === 0) {
    return { cards: { items: [], more: false }, categories: { items: [], more: false } };
  }
  const filter: SearchFilter = { reach, language: query.language };
  const db = deps.db;
  const [cardIds, categoryIds] = await Promise.all([
    searchIds(db, 'card', terms, filter, query.limit + 1),
    searchIds(db, 'category', terms, filter, query.limit + 1),
  ]);
  const cardPage = cardIds.slice(0, query.limit);
  const categoryPage = categoryIds.slice(0, query.limit);
  const [cards, categories] = await Promise.all([
    readCardRows(
      db,
      cardPage.map((hit) => hit.id),
    ),
    readCategoryRows(
      db,
      categoryPage.map((hit) => hit.id),
    ),
  ]);
  const cardById = new Map(cards.map((row) => [row.id, row]));
  const categoryById = new Map(categories.map((row) => [row.id, row]));
  return {
    cards: {
      items: cardPage.flatMap(({ id, match }) => {
        const row = cardById.get(id);
        if (!row) return [];
        return [
          {
            id,
            front: row.front,
            answers: parseAnswers(row.answers),
            notes: row.notes,
            fromLanguageCode: row.from_language_code,
            toLanguageCode: row.to_language_code,
            categoryId: row.category_id,
            match,
            own: row.owner_id === userId,
            updatedAt: iso(Number(row.updated_at)),
          },
        ];
      }),
      more: cardIds.length > query.limit,
    },
    categories: {
      items: categoryPage.flatMap(({ id, match }) => {
        const row = categoryById.get(id);
        if (!row) return [];
        return [
          {
            id,
            name: row.name,
            description: row.description,
            fromLanguageCode: row.from_language_code,
            toLanguageCode: row.to_language_code,
            match,
            own: row.owner_id === userId,
            updatedAt: iso(Number(row.updated_at)),
          },
        ];
      }),
      more: categoryIds.length > query.limit,
    },
  };
}
