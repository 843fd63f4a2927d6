import {
  exportQuerySchema,
  importBodySchema,
  importLimits,
  importResultSchema,
  okEnvelope,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { exportCards } from './export.service';
import { importCards } from './import.service';

const tags = ['cards'];
const security = [{ bearer: [] }];

export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cards/import',
    {
      onRequest: requireAuth,
      // 50,000 rows do not fit in the app's 1 MB body limit.
      bodyLimit: importLimits.bodyMax,
      schema: {
        tags,
        security,
        summary: 'Import cards from a CSV or TSV file: every row checked, then all or nothing',
        body: importBodySchema,
        response: { 200: okEnvelope(importResultSchema) },
      },
    },
    async (request) => ok(await importCards(app.deps, getAuth(request).userId, request.body)),
  );

  app.get(
    '/api/cards/export',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Download own cards, or a category with its sub-categories, as CSV or JSON',
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportCards(app.deps, getAuth(request).userId, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
