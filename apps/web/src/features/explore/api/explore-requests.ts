import { exploreLimits, type ExploreSort, type ReportDeckBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/** What the explore list shows: '' for any language, and the text filter as typed. */
export interface ExploreFilters {
  from: string;
  to: string;
  sort: ExploreSort;
  q: string;
}

/** GET /api/explore, page after page by cursor (infinite scroll). */
export function exploreListQueryOptions(filters: ExploreFilters) {
  const q = filters.q.trim();
  return infiniteQueryOptions({
    queryKey: [...resourceKeys.explore, 'list', { ...filters, q }] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.explore.list, {
        query: {
          from: filters.from || undefined,
          to: filters.to || undefined,
          sort: filters.sort,
          q: q || undefined,
          limit: exploreLimits.pageSizeDefault,
          cursor: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** GET /api/explore/decks/{id}: a deck as strangers see it. */
export function deckPreviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...resourceKeys.explore, 'deck', id] as const,
    queryFn: ({ signal }) => apiRequest(api.explore.preview, { params: { id }, signal }),
  });
}

/**
 * Joining or leaving changes the deck's counts in explore, the member view and the joined list
 * of organize (under the categories' key), and the learner's queue and summary.
 */
function invalidateAfterJoin(queryClient: QueryClient) {
  return Promise.all(
    [resourceKeys.explore, resourceKeys.categories, resourceKeys.study].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /api/explore/decks/{id}/join or /leave */
export function useJoinDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      join
        ? apiRequest(api.explore.join, { params: { id } })
        : apiRequest(api.explore.leave, { params: { id } }),
    onSettled: () => invalidateAfterJoin(queryClient),
  });
}

/** POST /api/explore/decks/{id}/copy, named by `copyId` so that its progress can be followed. */
export function useCopyDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, copyId }: { id: string; copyId: string }) =>
      apiRequest(api.explore.copy, { params: { id }, body: { copyId } }),
    // The copy is a new category of the learner's, with new cards to study.
    onSettled: () =>
      Promise.all(
        [resourceKeys.categories, resourceKeys.cards, resourceKeys.study].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** How often a running copy's progress is asked for. */
const copyPollMs = 400;

/** GET /api/explore/copies/{copyId}, asked again while `running`. */
export function copyProgressQueryOptions(copyId: string, running: boolean) {
  return queryOptions({
    queryKey: [...resourceKeys.explore, 'copy', copyId] as const,
    queryFn: ({ signal }) => apiRequest(api.explore.copyProgress, { params: { copyId }, signal }),
    enabled: running,
    refetchInterval: running ? copyPollMs : false,
    // Before the server knows the copy (the first poll may arrive first), it answers 404.
    retry: false,
  });
}

/** POST /api/explore/decks/{id}/report */
export function useReportDeck() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportDeckBody }) =>
      apiRequest(api.explore.report, { params: { id }, body }),
  });
}
