import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requestLocale } from '../../http/error-messages';
import { addRoute } from '../../http/route';
import {
  deleteAccount,
  editUser,
  exportAccount,
  exportFileName,
  getAccountStatus,
  signUp,
} from './account.service';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.user.create, async ({ body, request }) => {
    // The new account speaks the language the sign-up page was read in (its Accept-Language).
    await signUp(deps, body, requestLocale(request));
    return null;
  });
  addRoute(app, api.user.edit, ({ auth, body }) => editUser(deps, auth, body));
  addRoute(app, api.user.account, ({ auth }) => getAccountStatus(deps, auth.userId));
  addRoute(app, api.account.delete, async ({ auth, body }) => {
    await deleteAccount(deps, auth.userId, body.currentPassword);
    return null;
  });
  addRoute(app, api.account.export, async ({ auth, reply }) => {
    const data = await exportAccount(deps, auth.userId);
    void reply
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(Date.parse(data.exportedAt))}"`,
      )
      .header('cache-control', 'no-store');
    return data;
  });
};
