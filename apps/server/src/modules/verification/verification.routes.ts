import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { cancelEmailChange, resendEmailChange } from './email-change.service';
import { resendVerificationEmail, verifyEmail } from './verification.service';

export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.account.verifyEmail, ({ body }) => verifyEmail(deps, body.token));
  addRoute(app, api.account.resendVerification, async ({ auth }) => {
    await resendVerificationEmail(deps, auth.userId);
    return null;
  });
  addRoute(app, api.account.forgetPassword, async ({ body }) => {
    await requestPasswordReset(deps, body.email);
    return null;
  });
  addRoute(app, api.account.resendEmailChange, async ({ auth }) => {
    await resendEmailChange(deps, auth.userId);
    return null;
  });
  addRoute(app, api.account.cancelEmailChange, async ({ auth }) => {
    await cancelEmailChange(deps, auth.userId);
    return null;
  });
  addRoute(app, api.account.resetPassword, async ({ body }) => {
    await resetPassword(deps, body.token, body.password);
    return null;
  });
};
