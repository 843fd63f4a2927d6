import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/** GET /api/study/summary: today's figures and the 14-day forecast. */
export function studySummaryQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.study, 'summary'] as const,
    queryFn: ({ signal }) => apiRequest(api.study.summary, { signal }),
    // Answers given on the study screen change every figure: read them again on each visit.
    staleTime: 0,
  });
}
