import {
  loginBodySchema,
  okEmptyEnvelope,
  okEnvelope,
  refreshBodySchema,
  sessionListSchema,
  tokenIdParamsSchema,
  tokenPairSchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authRateLimit } from '../../http/rate-limit';
import { getAuth, requireAuth } from './authenticate';
import {
  listActiveSessions,
  login,
  logout,
  refresh,
  revokeOthers,
  revokeOwnSession,
} from './auth.service';

const tags = ['auth'];
const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login',
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and a password',
        body: loginBodySchema,
        response: { 200: okEnvelope(tokenPairSchema) },
      },
    },
    async (request) => ok(await login(app.deps, request.body, request.headers['user-agent'])),
  );

  app.post(
    '/api/auth/refresh',
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (rotation with reuse detection)',
        body: refreshBodySchema,
        response: { 200: okEnvelope(tokenPairSchema) },
      },
    },
    async (request) => ok(await refresh(app.deps, request.body.refresh)),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'End the current session',
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await logout(app.deps, getAuth(request));
      return ok(null);
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The active sign-in sessions, newest first',
        response: { 200: okEnvelope(sessionListSchema) },
      },
    },
    async (request) => ok({ items: await listActiveSessions(app.deps, getAuth(request)) }),
  );

  app.delete(
    '/api/auth/sessions/:tokenId',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'End one of your sessions',
        params: tokenIdParamsSchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await revokeOwnSession(app.deps, getAuth(request), request.params.tokenId);
      return ok(null);
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere else; answers a new pair for this session',
        response: { 200: okEnvelope(tokenPairSchema) },
      },
    },
    async (request) => ok(await revokeOthers(app.deps, getAuth(request))),
  );
};
