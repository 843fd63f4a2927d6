import { emptyBodySchema, okEnvelope, studyFitSchema } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { fitToHistory } from './fit.service';

export const studyFitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/study/fit',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['study'],
        security: [{ bearer: [] }],
        summary:
          'Fit the memory numbers to the learner’s own log: log loss before and after, and the ' +
          'proposed numbers (applied only through POST /api/user/edit)',
        body: emptyBodySchema,
        response: { 200: okEnvelope(studyFitSchema) },
      },
    },
    async (request) => ok(await fitToHistory(app.deps, getAuth(request).userId)),
  );
};
