import { api } from '@glossa/contract/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/study/fit/progress while a fit runs (`running`): read every second, for the status
 * line; not read otherwise (decision 0030).
 */
export function useStudyFitProgress(running: boolean) {
  return useQuery({
    queryKey: ['study-fit-progress'],
    queryFn: ({ signal }) => apiRequest(api.study.fitProgress, { signal }),
    enabled: running,
    refetchInterval: running ? 1000 : false,
    gcTime: 0,
  });
}

/**
 * POST /api/study/fit: a proposal of memory numbers fitted to the learner's log, with the log loss
 * before and after. It changes nothing on the server, so nothing is invalidated.
 */
export function useStudyFit() {
  return useMutation({
    mutationFn: () => apiRequest(api.study.fit),
  });
}
