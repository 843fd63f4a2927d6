import { type DecodedToken } from '@glossa/contract';
import type { SigningKeys } from './keys';
export type TokenPayload = DecodedToken['payload'];
export type TokenKind = 'access' | 'refresh';
/** The digest an access token carries: HMAC of the user's security stamp (base64url). */
export declare function accessDigest(keys: SigningKeys, securityStamp: string): string;
/** A new refresh generation id, stored as sessions.refresh_digest. */
export declare function newRefreshDigest(): string;
/** A new random security stamp. */
export declare function newSecurityStamp(): string;
/**
 * Signs a token whose claims are exactly iat, nbf, exp and payload (the client parses strictly).
 * `now` and `expiresAt` are epoch milliseconds.
 */
export declare function signToken(keys: SigningKeys, kind: TokenKind, payload: TokenPayload, now: number, expiresAt: number): Promise<string>;
export declare function signAccessToken(keys: SigningKeys, payload: TokenPayload, now: number): Promise<string>;
/**
 * Verifies a compact JWT of the given kind: a header of exactly `{ "alg": "HS256" }` (no other
 * algorithm, no critical extensions), an HMAC-SHA256 signature by that kind's key (compared in
 * constant time), `nbf ≤ now < exp` (whole seconds), and exactly the contract's claims. An expired
 * token answers token_expired, anything else unauthorized. Synchronous and in-process: HMAC with
 * node:crypto costs a few microseconds, where WebCrypto's promise and key handling cost a tenth of
 * an authenticated call; a token already checked is remembered, so its next calls only compare
 * its times (a token never changes, and the session behind it is read every time).
 */
export declare function verifyToken(keys: SigningKeys, kind: TokenKind, jwt: string, now: number): DecodedToken;
/**
 * The JWT inside a bearer value: `Bearer <base64 of the JWT>` (the Authorization header or the
 * websocket's Authorization query parameter). Anything else is refused.
 */
export declare function decodeBearer(value: string | undefined): string;
