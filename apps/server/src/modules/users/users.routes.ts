import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { deleteUser, getAccountStatus, getUserInfo } from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.user.info, ({ auth }) => getUserInfo(deps, auth.userId));
  addRoute(app, api.user.account, ({ auth }) => getAccountStatus(deps, auth.userId));
  addRoute(app, api.account.delete, async ({ auth, body }) => {
    await deleteUser(deps, auth.userId, body.currentPassword);
    return null;
  });
};
