import type { GradeSettings } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

// The seven numbers version 2 of the memory model adds, the learner's own (decision 0030).

export const gradeSettingsKey = [...resourceKeys.study, 'scheduler'] as const;

/** GET /api/study/scheduler */
export function gradeSettingsQueryOptions() {
  return queryOptions({
    queryKey: gradeSettingsKey,
    queryFn: ({ signal }) => apiRequest(api.study.scheduler, { signal }),
  });
}

/** The learner's seven numbers (`enabled` false: not asked, e.g. signed out). */
export function useGradeSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...gradeSettingsQueryOptions(), enabled });
}

/** PUT /api/study/scheduler: all seven at once; the answer becomes what is known of them. */
export function useSaveGradeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GradeSettings) => apiRequest(api.study.editScheduler, { body }),
    onSuccess: (settings: GradeSettings) => {
      queryClient.setQueryData(gradeSettingsKey, settings);
    },
  });
}
