import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { getUserInfo } from './users.service';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.user.info, ({ auth }) => getUserInfo(deps, auth.userId));
};
