import type { CreateUserBody, ForgetPasswordBody, ResetPasswordBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey, signOutLocally } from '../../../lib/auth';
import { readSession } from '../../../lib/session';

/** POST /api/user/create: 201 also when the e-mail is taken (its owner gets a notice). */
export function useCreateUser() {
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiRequest(api.user.create, { body }),
  });
}

/** POST /api/user/forget-password: always 200, whether the address is known or not. */
export function useForgetPassword() {
  return useMutation({
    mutationFn: (body: ForgetPasswordBody) => apiRequest(api.account.forgetPassword, { body }),
  });
}

/** POST /api/user/reset-password: sets the password and ends every session. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest(api.account.resetPassword, { body }),
  });
}

/**
 * POST /api/user/verify-email: finishes the link sent by mail (no session needed). The link of an
 * e-mail change ended every session on the server: this tab's is cleared too.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(api.account.verifyEmail, { body: { token } }),
    onSuccess: async ({ outcome }) => {
      if (outcome === 'changed') {
        if (readSession()) signOutLocally(queryClient);
        return;
      }
      // Refetched even when no page shows it yet: a fetch begun before the link was followed
      // would otherwise land afterwards and count as fresh ("Not verified"). The first fetch of a
      // page just opened is cancelled first: an invalidation joins a fetch still in flight when
      // the query has no data yet, and that one may have read the account before the commit.
      await queryClient.cancelQueries({ queryKey: accountQueryKey });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: 'all' });
    },
  });
}
