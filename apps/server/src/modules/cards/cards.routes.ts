import {
  bulkDeleteBodySchema,
  bulkMoveBodySchema,
  bulkResultSchema,
  cardIdParamsSchema,
  cardListQuerySchema,
  cardPageSchema,
  cardSchema,
  createCardBodySchema,
  okEmptyEnvelope,
  okEnvelope,
  updateCardBodySchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import {
  bulkDeleteCards,
  bulkMoveCards,
  createCard,
  deleteCard,
  getCard,
  updateCard,
} from './cards.service';
import { listCards } from './list-cards.service';

const tags = ['cards'];
const security = [{ bearer: [] }];

export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cards',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One page of cards (own, or of a category), filtered and sorted, by cursor',
        querystring: cardListQuerySchema,
        response: { 200: okEnvelope(cardPageSchema) },
      },
    },
    async (request) => ok(await listCards(app.deps, getAuth(request).userId, request.query)),
  );

  app.post(
    '/api/cards',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Create a card, uncategorised or in a category the caller may edit',
        body: createCardBodySchema,
        response: { 201: okEnvelope(cardSchema) },
      },
    },
    async (request, reply) => {
      const card = await createCard(app.deps, getAuth(request).userId, request.body);
      return reply.status(201).send(ok(card));
    },
  );

  app.post(
    '/api/cards/bulk-move',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Move cards to a category (or uncategorised): all of them or none',
        body: bulkMoveBodySchema,
        response: { 200: okEnvelope(bulkResultSchema) },
      },
    },
    async (request) => ok(await bulkMoveCards(app.deps, getAuth(request).userId, request.body)),
  );

  app.post(
    '/api/cards/bulk-delete',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete cards: all of them or none',
        body: bulkDeleteBodySchema,
        response: { 200: okEnvelope(bulkResultSchema) },
      },
    },
    async (request) =>
      ok(await bulkDeleteCards(app.deps, getAuth(request).userId, request.body.ids)),
  );

  app.get(
    '/api/cards/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One card the caller may read',
        params: cardIdParamsSchema,
        response: { 200: okEnvelope(cardSchema) },
      },
    },
    async (request) => ok(await getCard(app.deps, getAuth(request).userId, request.params.id)),
  );

  app.patch(
    '/api/cards/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change a card (its owner or an editor of its category)',
        params: cardIdParamsSchema,
        body: updateCardBodySchema,
        response: { 200: okEnvelope(cardSchema) },
      },
    },
    async (request) =>
      ok(await updateCard(app.deps, getAuth(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/api/cards/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete a card (its owner or an editor of its category)',
        params: cardIdParamsSchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await deleteCard(app.deps, getAuth(request).userId, request.params.id);
      return ok(null);
    },
  );
};
