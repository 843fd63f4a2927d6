import { cardLimits, type CardSort } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

export interface CardListFilters {
  sort: Exclude<CardSort, 'due'>;
  order: 'asc' | 'desc';
  q: string;
  /** '' for all cards, 'none' for uncategorised ones, or a category id. */
  categoryId: string;
  includeSubcategories: boolean;
  from: string;
  to: string;
}

const pageSize = 100;

/** The list call's query for the filters: empty filters left out. */
function cardListQuery(filters: CardListFilters, cursor: string | undefined) {
  const q = filters.q.trim();
  const subcategories = filters.categoryId && filters.categoryId !== 'none';
  return {
    sort: filters.sort,
    order: filters.order,
    q: q || undefined,
    categoryId: filters.categoryId || undefined,
    includeSubcategories: subcategories && filters.includeSubcategories ? 'true' : undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit: pageSize,
    cursor,
  } as const;
}

/** GET /api/cards, page after page by cursor. */
export function cardListQueryOptions(filters: CardListFilters) {
  return infiniteQueryOptions({
    queryKey: [...resourceKeys.cards, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.cards.list, { query: cardListQuery(filters, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Splits a selection into calls the server accepts (at most bulkIdsMax ids each). */
function chunks(ids: readonly string[]): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < ids.length; start += cardLimits.bulkIdsMax) {
    result.push(ids.slice(start, start + cardLimits.bulkIdsMax));
  }
  return result;
}

function useInvalidateCards() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
    ]);
}

/** POST /api/cards/bulk-move: moves the cards to a category, or out of any (null). */
export function useBulkMove() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({
      ids,
      categoryId,
    }: {
      ids: readonly string[];
      categoryId: string | null;
    }) => {
      let count = 0;
      for (const part of chunks(ids)) {
        const result = await apiRequest(api.cards.bulkMove, { body: { ids: part, categoryId } });
        count += result.count;
      }
      return count;
    },
    onSettled: invalidate,
  });
}

/** POST /api/cards/bulk-delete */
export function useBulkDelete() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let count = 0;
      for (const part of chunks(ids)) {
        const result = await apiRequest(api.cards.bulkDelete, { body: { ids: part } });
        count += result.count;
      }
      return count;
    },
    onSettled: invalidate,
  });
}
