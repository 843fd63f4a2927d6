import {
  emptyBodySchema,
  forgetPasswordBodySchema,
  okEmptyEnvelope,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authRateLimit } from '../../http/rate-limit';
import { getAuth, requireAuth } from '../auth/authenticate';
import { mailPasswordResetLink, resetPassword } from './password-reset.service';
import { resendVerificationEmail, verifyEmail } from './verification.service';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Work finished after its answer was sent; awaited on close so no query outlives the database.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });
  const inBackground = (work: () => Promise<void>, what: string) => {
    const task = work()
      .catch((error: unknown) => app.log.error({ err: error }, what))
      .finally(() => pending.delete(task));
    pending.add(task);
  };

  app.post(
    '/api/user/verify-email',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Verify the e-mail address with the token of the mailed link',
        body: verifyEmailBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await verifyEmail(app.deps, request.body.token);
      return ok(null);
    },
  );

  app.post(
    '/api/user/verify-email/resend',
    {
      config: authRateLimit(app),
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Mail a new verification link (409 when the address is already verified)',
        security: [{ bearer: [] }],
        body: emptyBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await resendVerificationEmail(app.deps, getAuth(request).userId);
      return ok(null);
    },
  );

  app.post(
    '/api/user/forget-password',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset link when the address is known; always the same answer',
        body: forgetPasswordBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      // Not awaited: a known address must not answer slower than an unknown one.
      const { email } = request.body;
      inBackground(() => mailPasswordResetLink(app.deps, email), 'could not mail a reset link');
      return ok(null);
    },
  );

  app.post(
    '/api/user/reset-password',
    {
      config: authRateLimit(app),
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token of the mailed link; ends every session',
        body: resetPasswordBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await resetPassword(app.deps, request.body.token, request.body.password);
      return ok(null);
    },
  );
};
