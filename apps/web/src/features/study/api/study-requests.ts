import {
  categoryTreeSchema,
  reviewResultSchema,
  studyQueueSchema,
  undoResultSchema,
  type ReviewBody,
} from '@glossa/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

export const studyQueueKeyRoot = ['study', 'queue'] as const;

function reviewPath(clientReviewId: string, action: 'override' | 'undo'): string {
  return `/api/study/reviews/${encodeURIComponent(clientReviewId)}/${action}`;
}

/** GET /api/categories: the categories the learner can pick to study. */
export function studyCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.categories, 'tree'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/categories', { schema: categoryTreeSchema, signal }),
    select: (tree) => tree.items,
  });
}

/** GET /api/study/queue: due cards first, then new ones (everything, or one category). */
export function studyQueueQueryOptions(categoryId: string | null) {
  const search = categoryId ? `?categoryId=${encodeURIComponent(categoryId)}` : '';
  return queryOptions({
    queryKey: [...studyQueueKeyRoot, categoryId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/study/queue${search}`, { schema: studyQueueSchema, signal }),
    // A session works on the queue as it was when it started; it is fetched again for the next.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // Coming back online must not restart a session answered offline.
    refetchOnReconnect: false,
  });
}

/** POST /api/study/reviews (also the review outbox's transport). */
export function postReview(body: ReviewBody) {
  return apiRequest('POST', '/api/study/reviews', { body, schema: reviewResultSchema });
}

/** POST /api/study/reviews/{clientReviewId}/override (also the review outbox's transport). */
export function postOverride(clientReviewId: string) {
  return apiRequest('POST', reviewPath(clientReviewId, 'override'), {
    schema: reviewResultSchema,
  });
}

// The study calls fail at once when the network is down instead of waiting paused for it: an
// answer then goes to the outbox, and undo or "I was right" say why they cannot run.

/** POST /api/study/reviews */
export function useSubmitReview() {
  return useMutation({ mutationFn: postReview, networkMode: 'always' });
}

/** POST /api/study/reviews/{clientReviewId}/override: "I was right". */
export function useOverrideReview() {
  return useMutation({ mutationFn: postOverride, networkMode: 'always' });
}

/** POST /api/study/reviews/{clientReviewId}/undo */
export function useUndoReview() {
  return useMutation({
    mutationFn: (clientReviewId: string) =>
      apiRequest('POST', reviewPath(clientReviewId, 'undo'), { schema: undoResultSchema }),
    networkMode: 'always',
  });
}
