import { type LoginBody, type Session, type TokenPair } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { AuthContext } from './authenticate';
/**
 * A new token pair for an existing session: a new refresh generation (earlier refresh tokens of
 * the session become reuse) and an access token for the user's current security stamp. Runs on
 * the caller's transaction, after the stamp it is given was written.
 */
export declare function renewSessionTokens(deps: AppDeps, db: Db, session: {
    userId: string;
    tokenId: string;
}, securityStamp: string): Promise<TokenPair>;
/**
 * POST /api/auth/login. An unknown login still verifies a password (against a dummy hash) so it
 * takes as long as a wrong password, and both answer the same 401. A disabled account answers
 * 403 only to someone who gave its right password, so it reveals nothing to a stranger.
 */
export declare function login(deps: AppDeps, body: LoginBody, userAgent: string | undefined): Promise<TokenPair>;
/**
 * POST /api/auth/refresh: rotates the session's refresh generation. A refresh token that is not
 * the current generation was used before (stolen or replayed): its whole session is revoked.
 */
export declare function refresh(deps: AppDeps, refreshToken: string): Promise<TokenPair>;
/** POST /api/auth/logout: ends the current session. */
export declare function logout(deps: AppDeps, auth: AuthContext): Promise<void>;
/** GET /api/auth/sessions: the active sessions, newest first, the current one marked. */
export declare function listActiveSessions(deps: AppDeps, auth: AuthContext): Promise<Session[]>;
/** DELETE /api/auth/sessions/{tokenId}: only one of the caller's own active sessions, else 404. */
export declare function revokeOwnSession(deps: AppDeps, auth: AuthContext, tokenId: string): Promise<void>;
/**
 * POST /api/auth/sessions/revoke-others: every other session ends and the security stamp turns
 * over (every access token dies at once); the current session continues with the new pair.
 */
export declare function revokeOthers(deps: AppDeps, auth: AuthContext): Promise<TokenPair>;
