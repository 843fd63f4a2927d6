import { detectBodySchema, detectResultSchema, okEnvelope } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { detectLanguage } from './detect.service';

export const detectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/languages/detect',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['languages'],
        security: [{ bearer: [] }],
        summary: "Which of the learner's languages a text is in (offline detection)",
        body: detectBodySchema,
        response: { 200: okEnvelope(detectResultSchema) },
      },
    },
    async (request) => ok(await detectLanguage(app.deps, getAuth(request).userId, request.body)),
  );
};
