import {
  emptyPayloadSchema,
  type CreateUserBody,
  type forgetPasswordBodySchema,
  type resetPasswordBodySchema,
} from '@glossa/contract';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from '../../../lib/auth';

/** POST /api/user/create: 201 also when the e-mail is taken (its owner gets a notice). */
export function useCreateUser() {
  return useMutation({
    mutationFn: (body: CreateUserBody) =>
      apiRequest('POST', '/api/user/create', { body, schema: emptyPayloadSchema, auth: false }),
  });
}

/** POST /api/user/forget-password: always 200, whether the address is known or not. */
export function useForgetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof forgetPasswordBodySchema>) =>
      apiRequest('POST', '/api/user/forget-password', {
        body,
        schema: emptyPayloadSchema,
        auth: false,
      }),
  });
}

/** POST /api/user/reset-password: sets the password and ends every session. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof resetPasswordBodySchema>) =>
      apiRequest('POST', '/api/user/reset-password', {
        body,
        schema: emptyPayloadSchema,
        auth: false,
      }),
  });
}

/** POST /api/user/verify-email: finishes the link sent by mail (no session needed). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('POST', '/api/user/verify-email', {
        body: { token },
        schema: emptyPayloadSchema,
        auth: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}

/** POST /api/user/verify-email/resend: mails a new link to the signed-in learner. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/user/verify-email/resend', { schema: emptyPayloadSchema }),
  });
}
