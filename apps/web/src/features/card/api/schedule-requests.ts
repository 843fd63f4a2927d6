import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/**
 * GET /api/cards/{id}/schedule: the learner's schedule of the card and its review history. Under
 * the card's key, so whatever refreshes or removes the card does the same to its schedule.
 */
export function cardScheduleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...resourceKeys.cards, 'one', id, 'schedule'] as const,
    queryFn: ({ signal }) => apiRequest(api.study.cardSchedule, { params: { id }, signal }),
    // Answers given on the study screen move the schedule: read it again on each visit.
    staleTime: 0,
  });
}
