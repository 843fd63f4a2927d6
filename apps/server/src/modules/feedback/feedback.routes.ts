import { feedbackBodySchema, feedbackCreatedSchema, okEnvelope } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authRateLimit } from '../../http/rate-limit';
import { getAuth, requireAuth } from '../auth/authenticate';
import { createFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/feedback',
    {
      config: authRateLimit(app),
      onRequest: requireAuth,
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (bug, idea, other) to the admins',
        security: [{ bearer: [] }],
        body: feedbackBodySchema,
        response: { 201: okEnvelope(feedbackCreatedSchema) },
      },
    },
    async (request, reply) => {
      const created = await createFeedback(app.deps, getAuth(request).userId, request.body);
      return reply.status(201).send(ok(created));
    },
  );
};
