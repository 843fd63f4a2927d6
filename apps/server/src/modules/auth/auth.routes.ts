import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import {
  listActiveSessions,
  login,
  logout,
  refresh,
  revokeOthers,
  revokeOwnSession,
} from './auth.service';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.auth.login, ({ body, request }) =>
    login(deps, body, { userAgent: request.headers['user-agent'], address: request.ip }),
  );
  addRoute(app, api.auth.refresh, ({ body }) => refresh(deps, body.refresh));
  addRoute(app, api.auth.logout, async ({ auth }) => {
    await logout(deps, auth);
    return null;
  });
  addRoute(app, api.auth.sessions, async ({ auth }) => ({
    items: await listActiveSessions(deps, auth),
  }));
  addRoute(app, api.auth.revokeSession, async ({ auth, params }) => {
    await revokeOwnSession(deps, auth, params.tokenId);
    return null;
  });
  addRoute(app, api.auth.revokeOthers, ({ auth }) => revokeOthers(deps, auth));
};
