import type { EditStudySettingsBody, StudySettings } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { resourceKeys } from '../../../lib/resource-keys';

export const studySettingsKey = [...resourceKeys.study, 'settings'] as const;

/** GET /api/study/settings: the learner's daily limits and when their day starts. */
export function studySettingsQueryOptions() {
  return queryOptions({
    queryKey: studySettingsKey,
    queryFn: ({ signal }) => apiRequest(api.study.settings, { signal }),
  });
}

export { browserTimeZone };

/**
 * POST /api/study/settings. A change of limits or of the day changes every count: the queue and
 * the summary (everything under the study key) are read again. `quietly`, they are only marked
 * stale and read at their next use, so that a session being answered is not started again under
 * the learner (the time zone saved at first use, while the first card may be typed).
 */
export function useEditStudySettings({ quietly = false }: { quietly?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditStudySettingsBody) => apiRequest(api.study.editSettings, { body }),
    onSuccess: (settings: StudySettings) => {
      queryClient.setQueryData(studySettingsKey, settings);
      void queryClient.invalidateQueries({
        queryKey: resourceKeys.study,
        predicate: (query) => query.queryKey[1] !== 'settings',
        ...(quietly ? { refetchType: 'none' as const } : {}),
      });
    },
  });
}

/**
 * The learner's settings; at first use (no time zone set yet) the browser's time zone is saved,
 * so their day starts at their hour where they are.
 */
export function useStudySettings() {
  const settings = useQuery(studySettingsQueryOptions());
  const edit = useEditStudySettings({ quietly: true });
  const asked = useRef(false);
  const zone = settings.data && !settings.data.timeZoneSet ? browserTimeZone() : null;
  useEffect(() => {
    if (!zone || asked.current) return;
    asked.current = true;
    edit.mutate({ timeZone: zone });
  }, [zone, edit]);
  return settings;
}
