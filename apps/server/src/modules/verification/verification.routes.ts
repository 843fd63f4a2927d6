import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { mailPasswordResetLink, resetPassword } from './password-reset.service';
import { resendVerificationEmail, verifyEmail } from './verification.service';

export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.account.verifyEmail, async ({ body }) => {
    await verifyEmail(deps, body.token);
    return null;
  });
  addRoute(app, api.account.resendVerification, async ({ auth }) => {
    await resendVerificationEmail(deps, auth.userId);
    return null;
  });
  addRoute(app, api.account.forgetPassword, ({ body }) => {
    // Not awaited: a known address must not answer slower than an unknown one.
    deps.background.run(
      () => mailPasswordResetLink(deps, body.email),
      'could not mail a reset link',
    );
    return null;
  });
  addRoute(app, api.account.resetPassword, async ({ body }) => {
    await resetPassword(deps, body.token, body.password);
    return null;
  });
};
