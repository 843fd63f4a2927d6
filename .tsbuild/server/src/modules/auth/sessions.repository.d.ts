import { type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SessionsTable } from '../../db/schema';
export type SessionRow = Selectable<SessionsTable>;
export declare function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void>;
/**
 * The user's sessions, newest first: all of them, or with `activeAt` only those neither revoked
 * nor expired at that time (epoch ms).
 */
export declare function listSessions(db: Db, userId: string, options?: {
    activeAt?: number;
}): Promise<SessionRow[]>;
export declare function findSession(db: Db, tokenId: string): Promise<SessionRow | undefined>;
/**
 * A session with what requireAuth needs of its user, in one query. Every authenticated call runs
 * it, so its SQL is compiled once per database and each call only binds the token id.
 */
export declare function findSessionWithUser(db: Db, tokenId: string): Promise<{
    token_id: string;
    user_id: string;
    refresh_digest: string;
    last_used_at: number;
    expires_at: number;
    revoked_at: number | null;
    id: string;
    username: string;
    username_lower: string;
    email: string;
    email_lower: string;
    email_verified: number;
    password_hash: string;
    role: "user" | "admin";
    is_freeloaded: number;
    disabled: number;
    security_stamp: string;
    settings: string;
    created_at: number;
    updated_at: number;
} | undefined>;
export declare function touchSession(db: Db, tokenId: string, now: number): Promise<void>;
/**
 * Moves the session to a new refresh generation only if `previous` is still the current one
 * (compare-and-swap): false means the presented refresh token was already used.
 */
export declare function rotateRefreshDigest(db: Db, tokenId: string, previous: string, next: string, now: number): Promise<boolean>;
/** Revokes one active session of the user; false when there is none with that id. */
export declare function revokeSession(db: Db, userId: string, tokenId: string, now: number): Promise<boolean>;
/** Revokes every session of the user; answers how many were active. */
export declare function revokeAllSessions(db: Db, userId: string, now: number): Promise<number>;
/** Revokes every session of the user but `keepTokenId`; answers how many were active. */
export declare function revokeOtherSessions(db: Db, userId: string, keepTokenId: string, now: number): Promise<number>;
