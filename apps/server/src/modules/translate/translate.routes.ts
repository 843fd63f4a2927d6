import { okEnvelope, translateBodySchema, translateResultSchema } from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { libreTranslateProvider } from './translation-provider';
import { translate } from './translate.service';

export const translateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { translateUrl } = app.deps.config;
  const provider = translateUrl ? libreTranslateProvider(translateUrl) : undefined;

  app.post(
    '/api/translate',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['translate'],
        security: [{ bearer: [] }],
        summary: 'Translation suggestions: answers of matching cards, then the provider if set',
        body: translateBodySchema,
        response: { 200: okEnvelope(translateResultSchema) },
      },
    },
    async (request) =>
      ok(await translate(app.deps, provider, getAuth(request).userId, request.body)),
  );
};
