import { languageListSchema, languages, okEnvelope } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';

export const languagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-up form offers the languages before there is a session.
  app.get(
    '/api/languages',
    {
      schema: {
        tags: ['languages'],
        summary: 'The supported languages: code, English and native names, text direction',
        response: { 200: okEnvelope(languageListSchema) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return ok({ items: [...languages] });
    },
  );
};
