import { api, type Health } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { isDatabaseUp } from '../../db/database';
import { addRoute } from '../../http/route';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, api.health.check, async ({ reply }): Promise<Health> => {
    const up = await isDatabaseUp(app.deps.db);
    void reply.status(up ? 200 : 503);
    return {
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
};
