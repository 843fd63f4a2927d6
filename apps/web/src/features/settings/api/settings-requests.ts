import {
  accountExportSchema,
  emptyPayloadSchema,
  editUserResponseSchema,
  sessionListSchema,
  tokenPairSchema,
  type EditUserBody,
} from '@glossa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey, signInWithTokens, userQueryKey } from '../../../lib/auth';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: the learner's sign-in sessions. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/auth/sessions', { schema: sessionListSchema, signal }),
  });
}

/**
 * POST /api/user/edit. A change that rotated the security stamp (e-mail, password) answers new
 * tokens: they replace the stored ones, or this device would be signed out with the others.
 */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditUserBody) =>
      apiRequest('POST', '/api/user/edit', { body, schema: editUserResponseSchema }),
    onSuccess: async ({ access, refresh }) => {
      if (access !== null && refresh !== null) signInWithTokens({ access, refresh });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      ]);
    },
  });
}

/** POST /api/user/verify-email/resend */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/user/verify-email/resend', { schema: emptyPayloadSchema }),
  });
}

/** DELETE /api/auth/sessions/{tokenId}: signs one device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(tokenId)}`, {
        schema: emptyPayloadSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/**
 * POST /api/auth/sessions/revoke-others: rotates the security stamp, so every other session ends
 * and this one continues with the new tokens it answers.
 */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/auth/sessions/revoke-others', { schema: tokenPairSchema }),
    onSuccess: async (pair) => {
      signInWithTokens(pair);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

/** GET /api/user/export, saved as glossa-export-<date>.json. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest('GET', '/api/user/export', { schema: accountExportSchema });
      downloadJson(data, `glossa-export-${new Date().toISOString().slice(0, 10)}.json`);
    },
  });
}

/** POST /api/user/delete */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { currentPassword: string }) =>
      apiRequest('POST', '/api/user/delete', { body, schema: emptyPayloadSchema }),
  });
}

function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
