import { api } from '@glossa/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/study/fit: a proposal of memory numbers fitted to the learner's log, with the log loss
 * before and after. It changes nothing on the server, so nothing is invalidated.
 */
export function useStudyFit() {
  return useMutation({
    mutationFn: () => apiRequest(api.study.fit),
  });
}
