import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The signed-in learner's info: the one place the user model lives (the app state reads it). */
export const userQueryKey = ['user', 'info'] as const;

/** GET /api/user/info */
export function fetchUserInfo({ signal }: { signal: AbortSignal }) {
  return apiRequest(api.user.info, { signal });
}

export function userQueryOptions() {
  return queryOptions({ queryKey: userQueryKey, queryFn: fetchUserInfo });
}
