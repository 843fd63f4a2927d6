import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { editUser } from './edit-user.service';
import { createUser, getAccountStatus, getUserInfo } from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.user.create, async ({ body }) => {
    await createUser(deps, body);
    return null;
  });
  addRoute(app, api.user.info, ({ auth }) => getUserInfo(deps, auth.userId));
  addRoute(app, api.user.account, ({ auth }) => getAccountStatus(deps, auth.userId));
  addRoute(app, api.user.edit, ({ auth, body }) => editUser(deps, auth, body));
};
