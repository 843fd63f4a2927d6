import {
  bulkDeleteBodySchema,
  bulkMoveBodySchema,
  bulkResultSchema,
  cardIdParamsSchema,
  cardListQuerySchema,
  cardPageSchema,
  cardSchema,
  createCardBodySchema,
  updateCardBodySchema,
} from '../cards';
import { emptyPayloadSchema } from '../envelope';
import {
  exportQuerySchema,
  importBodySchema,
  importLimits,
  importResultSchema,
} from '../import-export';
import { fileResponse, route } from '../route';

export const cards = {
  list: route({
    method: 'GET',
    path: '/api/cards',
    access: 'user',
    summary: 'One page of cards (own, or of a category), filtered and sorted, by cursor',
    query: cardListQuerySchema,
    responses: { 200: cardPageSchema },
  }),
  create: route({
    method: 'POST',
    path: '/api/cards',
    access: 'user',
    summary: 'Create a card, uncategorised or in a category the caller may edit',
    body: createCardBodySchema,
    responses: { 201: cardSchema },
  }),
  bulkMove: route({
    method: 'POST',
    path: '/api/cards/bulk-move',
    access: 'user',
    summary: 'Move cards to a category (or uncategorised): all of them or none',
    body: bulkMoveBodySchema,
    responses: { 200: bulkResultSchema },
  }),
  bulkDelete: route({
    method: 'POST',
    path: '/api/cards/bulk-delete',
    access: 'user',
    summary: 'Delete cards: all of them or none',
    body: bulkDeleteBodySchema,
    responses: { 200: bulkResultSchema },
  }),
  get: route({
    method: 'GET',
    path: '/api/cards/:id',
    access: 'user',
    summary: 'One card the caller may read',
    params: cardIdParamsSchema,
    responses: { 200: cardSchema },
  }),
  update: route({
    method: 'PATCH',
    path: '/api/cards/:id',
    access: 'user',
    summary: 'Change a card (its owner or an editor of its category)',
    params: cardIdParamsSchema,
    body: updateCardBodySchema,
    responses: { 200: cardSchema },
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/cards/:id',
    access: 'user',
    summary: 'Delete a card (its owner or an editor of its category)',
    params: cardIdParamsSchema,
    responses: { 200: emptyPayloadSchema },
  }),
  import: route({
    method: 'POST',
    path: '/api/cards/import',
    access: 'user',
    // 50,000 rows do not fit in the app's 1 MB body limit.
    bodyLimit: importLimits.bodyMax,
    summary: 'Import cards from a CSV or TSV file: every row checked, then all or nothing',
    body: importBodySchema,
    responses: { 200: importResultSchema },
  }),
  export: route({
    method: 'GET',
    path: '/api/cards/export',
    access: 'user',
    summary: 'Download own cards, or a category with its sub-categories, as CSV or JSON',
    query: exportQuerySchema,
    responses: { 200: fileResponse },
  }),
};
