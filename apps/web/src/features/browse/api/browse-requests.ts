import {
  bulkResultSchema,
  cardLimits,
  cardPageSchema,
  categoryTreeSchema,
  type CardSort,
} from '@glossa/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
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

export function cardListPath(filters: CardListFilters, cursor: string | undefined): string {
  const params = new URLSearchParams({ sort: filters.sort, order: filters.order });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.categoryId) {
    params.set('categoryId', filters.categoryId);
    if (filters.categoryId !== 'none' && filters.includeSubcategories) {
      params.set('includeSubcategories', 'true');
    }
  }
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('limit', String(pageSize));
  if (cursor) params.set('cursor', cursor);
  return `/api/cards?${params.toString()}`;
}

/** GET /api/cards, page after page by cursor. */
export function cardListQueryOptions(filters: CardListFilters) {
  return infiniteQueryOptions({
    queryKey: [...resourceKeys.cards, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('GET', cardListPath(filters, pageParam), { schema: cardPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** GET /api/categories: the flat category tree (own and shared). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.categories, 'tree'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/categories', { schema: categoryTreeSchema, signal }),
    select: (tree) => tree.items,
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
        const result = await apiRequest('POST', '/api/cards/bulk-move', {
          body: { ids: part, categoryId },
          schema: bulkResultSchema,
        });
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
        const result = await apiRequest('POST', '/api/cards/bulk-delete', {
          body: { ids: part },
          schema: bulkResultSchema,
        });
        count += result.count;
      }
      return count;
    },
    onSettled: invalidate,
  });
}
