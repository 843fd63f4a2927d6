import {
  comboSchema,
  okEnvelope,
  reviewBodySchema,
  reviewIdParamsSchema,
  reviewResultSchema,
  studyQueueQuerySchema,
  studyQueueSchema,
  undoResultSchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import { submitReview } from './review-writer';
import { getQueue } from './queue.service';
import { getCombo, overrideReview, undoReview } from './study.service';

const tags = ['study'];
const security = [{ bearer: [] }];

export const studyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/study/queue',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'What to study next: due cards (most overdue first), then new cards',
        querystring: studyQueueQuerySchema,
        response: { 200: okEnvelope(studyQueueSchema) },
      },
    },
    async (request) => ok(await getQueue(app.deps, getAuth(request).userId, request.query)),
  );

  app.post(
    '/api/study/reviews',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Answer one card; the same clientReviewId again answers the same result',
        body: reviewBodySchema,
        response: { 200: okEnvelope(reviewResultSchema) },
      },
    },
    async (request) => ok(await submitReview(app.deps, getAuth(request).userId, request.body)),
  );

  app.post(
    '/api/study/reviews/:clientReviewId/override',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: '"I was right": the latest failed review of a card counts as a success',
        params: reviewIdParamsSchema,
        response: { 200: okEnvelope(reviewResultSchema) },
      },
    },
    async (request) =>
      ok(await overrideReview(app.deps, getAuth(request).userId, request.params.clientReviewId)),
  );

  app.post(
    '/api/study/reviews/:clientReviewId/undo',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Undo the latest review of a card: its schedule and the combo as before',
        params: reviewIdParamsSchema,
        response: { 200: okEnvelope(undoResultSchema) },
      },
    },
    async (request) =>
      ok(await undoReview(app.deps, getAuth(request).userId, request.params.clientReviewId)),
  );

  app.get(
    '/api/study/combo',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The learner’s current and best combo of consecutive successes',
        response: { 200: okEnvelope(comboSchema) },
      },
    },
    async (request) => ok(await getCombo(app.deps, getAuth(request).userId)),
  );
};
