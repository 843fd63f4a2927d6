import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../users/users.repository';
export interface AuthContext {
    userId: string;
    /** The sign-in session (sessions.token_id). */
    tokenId: string;
    role: 'user' | 'admin';
    /** The user's row as read with the session, so a call need not read it again. */
    user: UserRow;
}
declare module 'fastify' {
    interface FastifyRequest {
        /** Set by requireAuth. */
        auth?: AuthContext;
    }
}
/**
 * Checks a bearer value (`Bearer <base64 of the access JWT>`, from the header or the websocket's
 * query parameter): the token, then in one query its session (exists, not revoked, not expired)
 * and its user (exists, not disabled, same security stamp).
 */
export declare function verifyBearer(deps: AppDeps, value: string | undefined): Promise<AuthContext>;
/** onRequest hook of every call that needs a signed-in user (before the body is read, so an
 * anonymous caller gets 401 whatever it sends); sets request.auth. */
export declare function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void>;
/** onRequest hook of the admin calls: a signed-in admin, else 403 forbidden. */
export declare function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
/** The signed-in user of a request that went through requireAuth. */
export declare function getAuth(request: FastifyRequest): AuthContext;
