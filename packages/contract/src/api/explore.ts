import { emptyBodySchema } from '../empty-body';
import {
  copyDeckBodySchema,
  copyIdParamsSchema,
  copyProgressSchema,
  deckCopySchema,
  deckIdParamsSchema,
  deckJoinStateSchema,
  deckPreviewSchema,
  explorePageSchema,
  exploreQuerySchema,
  joinedDeckListSchema,
  reportDeckBodySchema,
} from '../explore';
import { feedbackCreatedSchema } from '../feedback-created';
import { route } from '../route';

/**
 * Public decks (top-level public categories): list, preview, join, copy, report
 * (docs/decisions/0022-explore.md). Publishing is the category's own setting (PATCH visibility).
 */
export const explore = {
  list: route({
    method: 'GET',
    path: '/api/explore',
    access: 'user',
    summary: 'One page of public decks, filtered by language pair and text, sorted, by cursor',
    query: exploreQuerySchema,
    responses: { 200: explorePageSchema },
  }),
  joined: route({
    method: 'GET',
    path: '/api/explore/joined',
    access: 'user',
    summary: 'The public decks the caller joined, newest join first',
    responses: { 200: joinedDeckListSchema },
  }),
  preview: route({
    method: 'GET',
    path: '/api/explore/decks/:id',
    access: 'user',
    summary:
      'A public deck as strangers see it (description, sub-categories, first cards); its owner sees any of their top-level categories so',
    params: deckIdParamsSchema,
    responses: { 200: deckPreviewSchema },
  }),
  join: route({
    method: 'POST',
    path: '/api/explore/decks/:id/join',
    access: 'user',
    summary: 'Join a public deck: its cards enter the caller’s study with their own schedule',
    params: deckIdParamsSchema,
    body: emptyBodySchema,
    responses: { 200: deckJoinStateSchema },
  }),
  leave: route({
    method: 'POST',
    path: '/api/explore/decks/:id/leave',
    access: 'user',
    summary: 'Leave a joined deck: its cards leave the queue, the review history stays',
    params: deckIdParamsSchema,
    body: emptyBodySchema,
    responses: { 200: deckJoinStateSchema },
  }),
  copy: route({
    method: 'POST',
    path: '/api/explore/decks/:id/copy',
    access: 'user',
    summary:
      'Copy a public deck (sub-categories and cards) into the caller’s tree as a private category',
    params: deckIdParamsSchema,
    body: copyDeckBodySchema,
    responses: { 201: deckCopySchema },
  }),
  copyProgress: route({
    method: 'GET',
    path: '/api/explore/copies/:copyId',
    access: 'user',
    summary: 'How far one of the caller’s copies is (while it runs and a few minutes after)',
    params: copyIdParamsSchema,
    responses: { 200: copyProgressSchema },
  }),
  report: route({
    method: 'POST',
    path: '/api/explore/decks/:id/report',
    access: 'user',
    summary: 'Report a deck (abuse, wrong content) to the admins, with its link',
    params: deckIdParamsSchema,
    body: reportDeckBodySchema,
    responses: { 201: feedbackCreatedSchema },
  }),
};
