import type { SearchScope } from '@glossa/contract';
import { searchLimits } from '@glossa/contract/values';
import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/** What a search asks: the query as typed, the scope, and '' for no language or category. */
export interface SearchFilters {
  q: string;
  scope: SearchScope;
  language: string;
  categoryId: string;
  limit?: number;
}

/**
 * GET /api/search. Cached under the cards' key, so a change of a card or category refreshes it.
 * TanStack Query aborts the request (its AbortSignal) once its key is no longer wanted: a result
 * typed over is cancelled, not waited for.
 */
export function searchQueryOptions(filters: SearchFilters) {
  const q = filters.q.trim();
  const limit = filters.limit ?? searchLimits.pageSizeDefault;
  return queryOptions({
    queryKey: [...resourceKeys.cards, 'search', { ...filters, q, limit }] as const,
    queryFn: ({ signal }) =>
      apiRequest(api.search.search, {
        query: {
          q,
          scope: filters.scope,
          language: filters.language || undefined,
          categoryId: filters.categoryId || undefined,
          limit,
        },
        signal,
      }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
}
