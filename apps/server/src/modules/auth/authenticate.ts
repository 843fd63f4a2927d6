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
  return { userId, tokenId, role: row.role };
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
