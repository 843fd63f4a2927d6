import { healthSchema, okEnvelope } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUp } from '../../db/database';
import { ok } from '../../http/envelope';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: okEnvelope(healthSchema), 503: okEnvelope(healthSchema) },
      },
    },
    async (_request, reply) => {
      const up = await isDatabaseUp(app.deps.db);
      return reply.status(up ? 200 : 503).send(
        ok({
          status: up ? 'ok' : 'degraded',
          database: up ? 'up' : 'down',
          uptimeSeconds: Math.round(process.uptime()),
        }),
      );
    },
  );
};
