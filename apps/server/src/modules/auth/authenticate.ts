import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { accessDigest, decodeBearer, verifyToken } from '../../security/tokens';
import { findSessionWithUser, touchSession } from './sessions.repository';

export interface AuthContext {
  userId: string;
  /** The sign-in session (sessions.token_id). */
  tokenId: string;
  role: 'user' | 'admin';
  /** The user's stored interface language (decision 0037): the language of error messages. */
  locale?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth. */
    auth?: AuthContext;
  }
}

/** last_used_at is written at most this often per session. */
const touchIntervalMs = 60_000;

const unauthorized = () => new AppError('unauthorized', 'Sign in to continue');

/**
 * Checks a bearer value (`Bearer <base64 of the access JWT>`, from the header or the websocket's
 * query parameter): the token, then in one query its session (exists, not revoked, not expired)
 * and its user (exists, not disabled, same security stamp).
 */
async function verifyBearer(deps: AppDeps, value: string | undefined): Promise<AuthContext> {
  return (await verifyBearerClaims(deps, value)).auth;
}

/** What a websocket keeps of its credential: who, until when, and what to check again. */
export interface SocketAuth {
  auth: AuthContext;
  /** The access token's expiry (epoch ms): the socket closes then (the client refreshes). */
  expiresAt: number;
  digest: string;
}

async function verifyBearerClaims(deps: AppDeps, value: string | undefined): Promise<SocketAuth> {
  const now = deps.now();
  const claims = verifyToken(deps.keys, 'access', decodeBearer(value), now);
  const { userId, tokenId, digest } = claims.payload;
  const row = await findSessionWithUser(deps.db, tokenId);
  if (
    !row ||
    row.user_id !== userId ||
    row.revoked_at !== null ||
    row.expires_at <= now ||
    row.disabled !== 0 ||
    accessDigest(deps.keys, row.security_stamp) !== digest
  ) {
    throw unauthorized();
  }
  if (now - row.last_used_at >= touchIntervalMs) await touchSession(deps.db, tokenId, now);
  return {
    auth: { userId, tokenId, role: row.role, locale: row.locale },
    expiresAt: claims.exp * 1000,
    digest,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSocketAuth. */
    socketAuth?: SocketAuth;
  }
}

/**
 * onRequest hook of the websocket: the bearer of the header, else of the `Authorization` query
 * parameter (`Bearer <base64>` as the seed sends it, or the bare base64), checked exactly as the
 * header's. Refused before the upgrade (401).
 */
export async function requireSocketAuth(
  request: FastifyRequest,
  _reply: FastifyReply,
): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.Authorization === 'string' ? query.Authorization : undefined;
  const value =
    request.headers.authorization ??
    (fromQuery && !/^Bearer /.test(fromQuery) ? `Bearer ${fromQuery}` : fromQuery);
  const verified = await verifyBearerClaims(request.server.deps, value);
  request.auth = verified.auth;
  request.socketAuth = verified;
}

/**
 * Checks again a connected socket's session (after a sign-out, a password change, a reset, or
 * periodically): `ok`; `revoked` when this session ended; `credentials` when the account's
 * security stamp turned over (every access token died); `disabled` when the account was.
 */
export async function recheckSocketSession(
  deps: AppDeps,
  socket: { userId: string; tokenId: string; digest: string },
): Promise<'ok' | 'revoked' | 'credentials' | 'renewed' | 'disabled'> {
  const row = await findSessionWithUser(deps.db, socket.tokenId);
  if (!row || row.user_id !== socket.userId) return 'revoked';
  if (row.disabled !== 0) return 'disabled';
  const going = row.revoked_at === null && row.expires_at > deps.now();
  // The security stamp turned over: the other sessions ended with it ('credentials'), while the
  // session that turned it (a new password, signing out the others) goes on with new tokens.
  if (accessDigest(deps.keys, row.security_stamp) !== socket.digest) {
    return going ? 'renewed' : 'credentials';
  }
  if (!going) return 'revoked';
  return 'ok';
}

/** onRequest hook of every call that needs a signed-in user (before the body is read, so an
 * anonymous caller gets 401 whatever it sends); sets request.auth. */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.auth = await verifyBearer(request.server.deps, request.headers.authorization);
}

/** onRequest hook of the admin calls: a signed-in admin, else 403 forbidden. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAuth(request, reply);
  if (request.auth?.role !== 'admin') {
    throw new AppError('forbidden', 'Only administrators may do this');
  }
}
