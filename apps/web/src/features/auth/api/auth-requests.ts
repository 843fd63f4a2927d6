import {
  api,
  type CreateUserBody,
  type ForgetPasswordBody,
  type ResetPasswordBody,
} from '@glossa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from '../../../lib/auth';

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

/** POST /api/user/verify-email: finishes the link sent by mail (no session needed). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(api.account.verifyEmail, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
