import { randomUUID } from 'node:crypto';
import {
  ownerLimits,
  refreshReuseGraceSeconds,
  refreshTokenLifetimeSeconds,
  type AccountExport,
  type DecodedToken,
  type LoginBody,
  type Session,
  type TokenPair,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import {
  accessDigest,
  newRefreshDigest,
  signAccessToken,
  signToken,
  verifyToken,
} from '../../security/tokens';
import { rotateSecurityStamp, verifyCredentials } from '../users/users.service';
import type { AuthContext } from './authenticate';
import { beginSignInAttempt } from './sign-in-throttle.service';
import {
  findGraceGeneration,
  findSession,
  findSessionWithUser,
  insertSession,
  keepRecentSessions,
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  rotateRefreshDigest,
  type SessionRow,
} from './sessions.repository';

const wrongCredentials = () =>
  new AppError('unauthorized', 'The username, e-mail or password is not correct');
const sessionEnded = () =>
  new AppError('unauthorized', 'This sign-in has ended: sign in again to continue');

const userAgentMaxLength = 256;

async function signPair(
  deps: AppDeps,
  session: { userId: string; tokenId: string; refreshDigest: string; expiresAt: number },
  securityStamp: string,
  now: number,
): Promise<TokenPair> {
  const { userId, tokenId } = session;
  const digest = accessDigest(deps.keys, securityStamp);
  return {
    access: await signAccessToken(deps.keys, { userId, tokenId, digest }, now),
    refresh: await signToken(
      deps.keys,
      'refresh',
      { userId, tokenId, digest: session.refreshDigest },
      now,
      session.expiresAt,
    ),
  };
}

/**
 * A new token pair for an existing session: a new refresh generation (earlier refresh tokens of
 * the session become reuse) and an access token for the user's current security stamp. Runs on
 * the caller's transaction, after the stamp it is given was written.
 */
async function renewSessionTokens(
  deps: AppDeps,
  db: Db,
  session: { userId: string; tokenId: string },
  securityStamp: string,
): Promise<TokenPair> {
  const now = deps.now();
  const row = await findSession(db, session.tokenId);
  if (!row || row.user_id !== session.userId || row.revoked_at !== null || row.expires_at <= now) {
    throw sessionEnded();
  }
  const refreshDigest = newRefreshDigest();
  // The stamp turned over: no refresh token issued before it may come back, even within a grace.
  const rotated = await rotateRefreshDigest(
    db,
    row.token_id,
    row.refresh_digest,
    refreshDigest,
    now,
    {
      graceFromNow: false,
    },
  );
  if (!rotated) throw sessionEnded();
  return signPair(
    deps,
    { ...session, refreshDigest, expiresAt: row.expires_at },
    securityStamp,
    now,
  );
}

/**
 * After the user's security stamp turned over (written on the caller's transaction): every other
 * session ends, and this one goes on with a new pair.
 */
export async function keepOnlyThisSession(
  deps: AppDeps,
  trx: Db,
  session: { userId: string; tokenId: string },
  securityStamp: string,
): Promise<TokenPair> {
  await revokeOtherSessions(trx, session.userId, session.tokenId, deps.now());
  return renewSessionTokens(deps, trx, session, securityStamp);
}

/** Every session of the user ends (a password reset). */
export async function endAllSessions(db: Db, userId: string, now: number): Promise<void> {
  await revokeAllSessions(db, userId, now);
}

/**
 * POST /api/auth/login. An unknown login and a wrong password answer the same 401 after the same
 * work, and wait alike after repeated failures from one address (429). A disabled account answers
 * 403 only to someone who gave its right password, so it reveals nothing to a stranger.
 */
export async function login(
  deps: AppDeps,
  body: LoginBody,
  client: { userAgent: string | undefined; address: string },
): Promise<TokenPair> {
  const attempt = await beginSignInAttempt(deps, body.login, client.address);
  const user = await verifyCredentials(deps.db, body.login, body.password);
  if (!user) throw wrongCredentials();
  await attempt.succeeded();
  if (user.disabled) {
    throw new AppError('account_disabled', 'This account is disabled: contact the administrators');
  }

  const now = deps.now();
  const session = {
    userId: user.id,
    tokenId: randomUUID(),
    refreshDigest: newRefreshDigest(),
    // 30 days after sign-in, never extended by refreshing.
    expiresAt: now + refreshTokenLifetimeSeconds * 1000,
  };
  await insertSession(deps.db, {
    token_id: session.tokenId,
    user_id: session.userId,
    refresh_digest: session.refreshDigest,
    user_agent: (client.userAgent ?? '').slice(0, userAgentMaxLength),
    created_at: now,
    last_used_at: now,
    expires_at: session.expiresAt,
    revoked_at: null,
  });
  // At most sessionsMax sign-ins stay open (docs/limits.md): this one and the most recently used.
  await keepRecentSessions(deps.db, user.id, now, ownerLimits.sessionsMax);
  return signPair(deps, session, user.securityStamp, now);
}

/**
 * POST /api/auth/refresh: rotates the session's refresh generation. A refresh token that is not
 * the current generation was used before (stolen or replayed): its whole session is revoked,
 * except for the generation the last refresh replaced, within refreshReuseGraceSeconds of that
 * refresh (two tabs refreshing at once, a retry after a lost answer): it answers the session's
 * current generation again, never a new one, so the session keeps one line of tokens. Every
 * decision is made on the database row (a compare-and-swap, then a read of what won), so
 * instances sharing a PostgreSQL agree (decision 0017).
 */
export async function refresh(deps: AppDeps, refreshToken: string): Promise<TokenPair> {
  const now = deps.now();
  let claims: DecodedToken;
  try {
    claims = verifyToken(deps.keys, 'refresh', refreshToken, now);
  } catch (error) {
    // An expired refresh token ends the session: token_expired would ask the client to refresh.
    throw error instanceof AppError && error.code === 'token_expired' ? sessionEnded() : error;
  }
  const { userId, tokenId, digest } = claims.payload;
  const row = await findSessionWithUser(deps.db, tokenId);
  if (
    !row ||
    row.user_id !== userId ||
    row.revoked_at !== null ||
    row.expires_at <= now ||
    row.disabled !== 0
  ) {
    throw sessionEnded();
  }
  const refreshDigest = newRefreshDigest();
  const rotated =
    row.refresh_digest === digest &&
    (await rotateRefreshDigest(deps.db, tokenId, digest, refreshDigest, now, {
      graceFromNow: true,
    }));
  if (rotated) {
    return signPair(
      deps,
      { userId, tokenId, refreshDigest, expiresAt: row.expires_at },
      row.security_stamp,
      now,
    );
  }
  const current = await findGraceGeneration(
    deps.db,
    tokenId,
    digest,
    now - refreshReuseGraceSeconds * 1000,
    now,
  );
  if (!current) {
    await revokeSession(deps.db, userId, tokenId, now);
    throw sessionEnded();
  }
  return signPair(deps, { userId, tokenId, ...current }, row.security_stamp, now);
}

/** POST /api/auth/logout: ends the current session. */
export async function logout(deps: AppDeps, auth: AuthContext): Promise<void> {
  await revokeSession(deps.db, auth.userId, auth.tokenId, deps.now());
  deps.live.sessionsChanged(auth.userId);
}

const iso = (ms: number) => new Date(ms).toISOString();

const toSession = (row: SessionRow): Omit<Session, 'current'> => ({
  tokenId: row.token_id,
  createdAt: iso(row.created_at),
  lastUsedAt: iso(row.last_used_at),
  expiresAt: iso(row.expires_at),
  userAgent: row.user_agent,
});

/** GET /api/auth/sessions: the active sessions, newest first, the current one marked. */
export async function listActiveSessions(deps: AppDeps, auth: AuthContext): Promise<Session[]> {
  const rows = await listSessions(deps.db, auth.userId, { activeAt: deps.now() });
  return rows.map((row) => ({ ...toSession(row), current: row.token_id === auth.tokenId }));
}

/** The learner's sessions active at `now`, newest first (for the account export). */
export async function exportSessions(
  deps: AppDeps,
  userId: string,
  now: number,
): Promise<AccountExport['sessions']> {
  return (await listSessions(deps.db, userId, { activeAt: now })).map(toSession);
}

/** DELETE /api/auth/sessions/{tokenId}: only one of the caller's own active sessions, else 404. */
export async function revokeOwnSession(
  deps: AppDeps,
  auth: AuthContext,
  tokenId: string,
): Promise<void> {
  if (!(await revokeSession(deps.db, auth.userId, tokenId, deps.now()))) {
    throw notFound('No such session');
  }
  deps.live.sessionsChanged(auth.userId);
}

/**
 * POST /api/auth/sessions/revoke-others: every other session ends and the security stamp turns
 * over (every access token dies at once); the current session continues with the new pair.
 */
export async function revokeOthers(deps: AppDeps, auth: AuthContext): Promise<TokenPair> {
  const pair = await deps.db.transaction().execute(async (trx) => {
    const securityStamp = await rotateSecurityStamp(trx, auth.userId, deps.now());
    return keepOnlyThisSession(deps, trx, auth, securityStamp);
  });
  deps.live.sessionsChanged(auth.userId);
  return pair;
}
