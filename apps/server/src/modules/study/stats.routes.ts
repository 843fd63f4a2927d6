import {
  cardIdParamsSchema,
  cardScheduleQuerySchema,
  cardScheduleSchema,
  okEnvelope,
  studySummaryQuerySchema,
  studySummarySchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { getCardSchedule, getStudySummary } from './stats.service';

const tags = ['study'];
const security = [{ bearer: [] }];

export const studyStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/study/summary',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Today’s figures (due, new, answered, combo) and the due forecast, in UTC days',
        querystring: studySummaryQuerySchema,
        response: { 200: okEnvelope(studySummarySchema) },
      },
    },
    async (request) => ok(await getStudySummary(app.deps, getAuth(request).userId, request.query)),
  );

  app.get(
    '/api/cards/:id/schedule',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The caller’s schedule of one card, its predicted recall and its review history',
        params: cardIdParamsSchema,
        querystring: cardScheduleQuerySchema,
        response: { 200: okEnvelope(cardScheduleSchema) },
      },
    },
    async (request) =>
      ok(
        await getCardSchedule(app.deps, getAuth(request).userId, request.params.id, request.query),
      ),
  );
};
