import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import {
  bulkDeleteCards,
  bulkMoveCards,
  createCard,
  deleteCard,
  getCard,
  updateCard,
} from './cards.service';
import { findDuplicates } from './duplicates.service';
import { listCards } from './list-cards.service';

export const cardsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.cards.list, ({ auth, query }) => listCards(deps, auth.userId, query));
  addRoute(app, api.cards.duplicates, ({ auth, query }) =>
    findDuplicates(deps, auth.userId, query),
  );
  addRoute(app, api.cards.create, ({ auth, body }) => createCard(deps, auth.userId, body));
  addRoute(app, api.cards.bulkMove, ({ auth, body }) => bulkMoveCards(deps, auth.userId, body));
  addRoute(app, api.cards.bulkDelete, ({ auth, body }) =>
    bulkDeleteCards(deps, auth.userId, body.ids),
  );
  addRoute(app, api.cards.get, ({ auth, params }) => getCard(deps, auth.userId, params.id));
  addRoute(app, api.cards.update, ({ auth, params, body }) =>
    updateCard(deps, auth.userId, params.id, body),
  );
  addRoute(app, api.cards.delete, async ({ auth, params }) => {
    await deleteCard(deps, auth.userId, params.id);
    return null;
  });
};
