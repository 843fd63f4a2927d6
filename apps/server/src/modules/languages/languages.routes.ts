import { api, languages } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';

export const languagesRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, api.languages.list, ({ reply }) => {
    void reply.header('cache-control', 'public, max-age=3600');
    return { items: [...languages] };
  });
};
