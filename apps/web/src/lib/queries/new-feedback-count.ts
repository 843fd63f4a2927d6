import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { resourceKeys } from '../resource-keys';

/**
 * GET /api/admin/feedback/count: the admin entry's badge and the feedback tab's count (asked only
 * for admins; a `feedback.created` event refreshes it).
 */
export function newFeedbackCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: [...resourceKeys.admin, 'feedback-count'] as const,
    queryFn: ({ signal }) => apiRequest(api.admin.feedbackCount, { signal }),
    enabled,
  });
}
