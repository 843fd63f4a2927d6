import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { resourceKeys } from '../resource-keys';

/**
 * GET /api/invitations: the learner's pending invitations, newest first. One query for the
 * header's badge and the dashboard's list, so they share its cache.
 */
export function receivedInvitationsQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.invitations, 'received'] as const,
    queryFn: ({ signal }) => apiRequest(api.invitations.list, { signal }),
    select: (list) => list.items,
  });
}
