import { emptyPayloadSchema } from '../envelope';
import {
  loginBodySchema,
  refreshBodySchema,
  sessionListSchema,
  tokenIdParamsSchema,
} from '../auth';
import { tokenPairSchema } from '../tokens';
import { route } from '../route';

export const auth = {
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Sign in with a username or e-mail and a password',
    body: loginBodySchema,
    responses: { 200: tokenPairSchema },
  }),
  refresh: route({
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Exchange a refresh token for a new pair (rotation with reuse detection)',
    body: refreshBodySchema,
    responses: { 200: tokenPairSchema },
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'user',
    summary: 'End the current session',
    responses: { 200: emptyPayloadSchema },
  }),
  sessions: route({
    method: 'GET',
    path: '/api/auth/sessions',
    access: 'user',
    summary: 'The active sign-in sessions, newest first',
    responses: { 200: sessionListSchema },
  }),
  revokeSession: route({
    method: 'DELETE',
    path: '/api/auth/sessions/:tokenId',
    access: 'user',
    summary: 'End one of your sessions',
    params: tokenIdParamsSchema,
    responses: { 200: emptyPayloadSchema },
  }),
  revokeOthers: route({
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    access: 'user',
    summary: 'Sign out everywhere else; answers a new pair for this session',
    responses: { 200: tokenPairSchema },
  }),
};
