import {
  accountExportSchema,
  deleteAccountBodySchema,
  okEmptyEnvelope,
  okEnvelope,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authRateLimit } from '../../http/rate-limit';
import { getAuth, requireAuth } from '../auth/authenticate';
import { deleteAccount, exportAccount, exportFileName } from './account.service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/delete',
    {
      // The password check makes this a guessing oracle: limited like sign-in.
      config: authRateLimit(app),
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Delete the account and everything it owns',
        security: [{ bearer: [] }],
        body: deleteAccountBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await deleteAccount(app.deps, getAuth(request).userId, request.body.currentPassword);
      return ok(null);
    },
  );

  app.get(
    '/api/user/export',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['account'],
        summary: 'Everything the learner owns, as a JSON download',
        security: [{ bearer: [] }],
        response: { 200: okEnvelope(accountExportSchema) },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(app.deps, getAuth(request).userId);
      void reply
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(Date.parse(data.exportedAt))}"`,
        )
        .header('cache-control', 'no-store');
      return ok(data);
    },
  );
};
