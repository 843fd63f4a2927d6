import type { AdminFeedback, AdminFeedbackListQuery, AdminUserSort } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

const adminKey = resourceKeys.admin;

export interface UserListFilter {
  q: string;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
}

/** GET /api/admin/users, page after page. */
export function adminUsersQueryOptions(filter: UserListFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminKey, 'users', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.admin.users, {
        query: {
          ...(filter.q ? { q: filter.q } : {}),
          sort: filter.sort,
          order: filter.order,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export type FeedbackFilter = Pick<AdminFeedbackListQuery, 'status' | 'kind'>;

/** GET /api/admin/feedback, newest first, page after page. */
export function adminFeedbackQueryOptions(filter: FeedbackFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminKey, 'feedback', filter] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.admin.feedback, {
        query: {
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.kind ? { kind: filter.kind } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export { newFeedbackCountQueryOptions } from '../../../lib/queries/new-feedback-count';

/** GET /api/admin/audit, newest first, page after page. */
export function auditQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...adminKey, 'audit'] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.admin.audit, {
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export type UserAction =
  | { kind: 'freeloaded'; value: boolean }
  | { kind: 'role'; value: 'user' | 'admin' }
  | { kind: 'disabled'; value: boolean }
  | { kind: 'resend' }
  | { kind: 'delete'; username: string };

/** One admin action on a user; every admin list refreshes after it (the audit log too). */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: UserAction }) => {
      const params = { id };
      switch (action.kind) {
        case 'freeloaded':
          return apiRequest(api.admin.setFreeloaded, {
            params,
            body: { isFreeloaded: action.value },
          });
        case 'role':
          return apiRequest(api.admin.setRole, { params, body: { role: action.value } });
        case 'disabled':
          return apiRequest(api.admin.setDisabled, { params, body: { disabled: action.value } });
        case 'resend':
          return apiRequest(api.admin.resendVerification, { params });
        case 'delete':
          return apiRequest(api.admin.deleteUser, { params, body: { username: action.username } });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}

/** POST /api/admin/feedback/:id/status */
export function useFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminFeedback['status'] }) =>
      apiRequest(api.admin.setFeedbackStatus, { params: { id }, body: { status } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
