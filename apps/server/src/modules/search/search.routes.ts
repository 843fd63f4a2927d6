import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { search } from './search.service';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.search.search, ({ auth, query }) => search(deps, auth.userId, query));
};
