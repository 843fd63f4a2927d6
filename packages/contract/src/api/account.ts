import { accountExportSchema } from '../account-export';
import {
  deleteAccountBodySchema,
  forgetPasswordBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  verifyEmailResultSchema,
} from '../auth';
import { emptyBodySchema } from '../empty-body';
import { emptyPayloadSchema } from '../envelope';
import { route } from '../route';

export const account = {
  verifyEmail: route({
    method: 'POST',
    path: '/api/user/verify-email',
    access: 'public',
    rateLimit: 'auth',
    summary:
      'Follow a mailed link: verifies the address, or makes the e-mail change it confirms (every session ends)',
    body: verifyEmailBodySchema,
    responses: { 200: verifyEmailResultSchema },
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/user/verify-email/resend',
    access: 'user',
    rateLimit: 'auth',
    summary: 'Mail a new verification link (409 when the address is already verified)',
    body: emptyBodySchema,
    responses: { 200: emptyPayloadSchema },
  }),
  resendEmailChange: route({
    method: 'POST',
    path: '/api/user/email-change/resend',
    access: 'user',
    rateLimit: 'auth',
    summary: 'Mail the link of the waiting e-mail change again (404 when none waits)',
    body: emptyBodySchema,
    responses: { 200: emptyPayloadSchema },
  }),
  cancelEmailChange: route({
    method: 'DELETE',
    path: '/api/user/email-change',
    access: 'user',
    summary: 'Cancel the waiting e-mail change: its link stops working',
    responses: { 200: emptyPayloadSchema },
  }),
  forgetPassword: route({
    method: 'POST',
    path: '/api/user/forget-password',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Mail a password reset link when the address is known; always the same answer',
    body: forgetPasswordBodySchema,
    responses: { 200: emptyPayloadSchema },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/user/reset-password',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Set a new password with the token of the mailed link; ends every session',
    body: resetPasswordBodySchema,
    responses: { 200: emptyPayloadSchema },
  }),
  delete: route({
    method: 'POST',
    path: '/api/user/delete',
    access: 'user',
    // The password check makes this a guessing oracle: limited like sign-in.
    rateLimit: 'auth',
    summary: 'Delete the account and everything it owns',
    body: deleteAccountBodySchema,
    responses: { 200: emptyPayloadSchema },
  }),
  export: route({
    method: 'GET',
    path: '/api/user/export',
    access: 'user',
    summary: 'Everything the learner owns, as a JSON download',
    responses: { 200: accountExportSchema },
  }),
};
