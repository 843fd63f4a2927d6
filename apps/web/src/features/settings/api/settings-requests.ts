import type { DeleteAccountBody, EditUserBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey, signInWithTokens } from '../../../lib/auth';
import { saveBlob } from '../../../lib/download';
import { userQueryKey } from '../../../lib/queries/user-info';
import { resourceKeys } from '../../../lib/resource-keys';

const sessionsQueryKey = resourceKeys.sessions;

/** GET /api/auth/sessions: the learner's sign-in sessions. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => apiRequest(api.auth.sessions, { signal }),
  });
}

/**
 * POST /api/user/edit. A change that rotated the security stamp (a password) answers new tokens:
 * they replace the stored ones, or this device would be signed out with the others. A new e-mail
 * address only waits for its link (GET /api/user/account's pendingEmail).
 */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditUserBody) => apiRequest(api.user.edit, { body }),
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

/** POST /api/user/email-change/resend: mails the waiting change's link again. */
export function useResendEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.account.resendEmailChange),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/** DELETE /api/user/email-change: the waiting change ends, its link stops working. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.account.cancelEmailChange),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/** DELETE /api/auth/sessions/{tokenId}: signs one device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiRequest(api.auth.revokeSession, { params: { tokenId } }),
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
    mutationFn: () => apiRequest(api.auth.revokeOthers),
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
      const data = await apiRequest(api.account.export);
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      saveBlob(blob, `glossa-export-${new Date().toISOString().slice(0, 10)}.json`);
    },
  });
}

/** POST /api/user/delete */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiRequest(api.account.delete, { body }),
  });
}
