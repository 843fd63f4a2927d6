import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

// The dashboard's statistics: under the study key, so that answers given elsewhere refresh them.

/** GET /api/stats/activity: a year of answers per day, the streaks and the best combo days. */
export function activityQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.study, 'stats', 'activity'] as const,
    queryFn: ({ signal }) => apiRequest(api.stats.activity, { query: { days: 365 }, signal }),
    staleTime: 0,
  });
}

/** GET /api/stats/retention: true retention per day, week and month, young and mature apart. */
export function retentionQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.study, 'stats', 'retention'] as const,
    queryFn: ({ signal }) => apiRequest(api.stats.retention, { signal }),
    staleTime: 0,
  });
}

/** GET /api/stats/categories: the learner's own cards per category, new, learning and known. */
export function categoryProgressQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.study, 'stats', 'categories'] as const,
    queryFn: ({ signal }) => apiRequest(api.stats.categories, { signal }),
    staleTime: 0,
  });
}
