import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { joinDeck, leaveDeck, listJoinedDecks, listPublicDecks } from '../categories/decks.service';
import { copyDeck, copyProgress } from './deck-copy.service';
import { previewDeck, reportDeck } from './explore.service';

export const exploreRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.explore.list, ({ auth, query }) => listPublicDecks(deps, auth.userId, query));
  addRoute(app, api.explore.joined, async ({ auth }) => ({
    items: await listJoinedDecks(deps, auth.userId),
  }));
  addRoute(app, api.explore.preview, ({ auth, params }) =>
    previewDeck(deps, auth.userId, params.id),
  );
  addRoute(app, api.explore.join, ({ auth, params }) => joinDeck(deps, auth.userId, params.id));
  addRoute(app, api.explore.leave, ({ auth, params }) => leaveDeck(deps, auth.userId, params.id));
  addRoute(app, api.explore.copy, ({ auth, params, body }) =>
    copyDeck(deps, auth.userId, params.id, body),
  );
  addRoute(app, api.explore.copyProgress, ({ auth, params }) =>
    copyProgress(deps, auth.userId, params.copyId),
  );
  addRoute(app, api.explore.report, ({ auth, params, body }) =>
    reportDeck(deps, auth.userId, params.id, body),
  );
};
