import { createHmac, randomBytes } from 'node:crypto';
import {
  accessTokenLifetimeSeconds,
  decodedTokenSchema,
  type DecodedToken,
} from '@glossa/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';
import type { SigningKeys } from './keys';

export type TokenPayload = DecodedToken['payload'];
export type TokenKind = 'access' | 'refresh';

const algorithm = 'HS256';

/** The digest an access token carries: HMAC of the user's security stamp (base64url). */
export function accessDigest(keys: SigningKeys, securityStamp: string): string {
  return createHmac('sha256', keys.digest).update(securityStamp).digest('base64url');
}

/** A new refresh generation id, stored as sessions.refresh_digest. */
export function newRefreshDigest(): string {
  return randomBytes(24).toString('base64url');
}

/** A new random security stamp. */
export function newSecurityStamp(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Signs a token whose claims are exactly iat, nbf, exp and payload (the client parses strictly).
 * `now` and `expiresAt` are epoch milliseconds.
 */
export async function signToken(
  keys: SigningKeys,
  kind: TokenKind,
  payload: TokenPayload,
  now: number,
  expiresAt: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ payload: { ...payload } })
    .setProtectedHeader({ alg: algorithm })
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(keys[kind]);
}

export async function signAccessToken(
  keys: SigningKeys,
  payload: TokenPayload,
  now: number,
): Promise<string> {
  return signToken(keys, 'access', payload, now, now + accessTokenLifetimeSeconds * 1000);
}

const unauthorized = () => new AppError('unauthorized', 'Sign in to continue');

/**
 * Verifies a JWT of the given kind: HS256 only, signed with that kind's key, within its validity
 * window at `now`, with exactly the contract's claims. An expired token answers token_expired,
 * anything else unauthorized.
 */
export async function verifyToken(
  keys: SigningKeys,
  kind: TokenKind,
  jwt: string,
  now: number,
): Promise<DecodedToken> {
  let claims: unknown;
  try {
    ({ payload: claims } = await jwtVerify(jwt, keys[kind], {
      algorithms: [algorithm],
      currentDate: new Date(now),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new AppError('token_expired', 'The token has expired');
    }
    throw unauthorized();
  }
  const parsed = decodedTokenSchema.safeParse(claims);
  if (!parsed.success) throw unauthorized();
  return parsed.data;
}

/**
 * The JWT inside a bearer value: `Bearer <base64 of the JWT>` (the Authorization header or the
 * websocket's Authorization query parameter). Anything else is refused.
 */
export function decodeBearer(value: string | undefined): string {
  const match = /^Bearer ([A-Za-z0-9+/]+={0,2})$/.exec(value?.trim() ?? '');
  const encoded = match?.[1];
  if (!encoded || encoded.length > 8192) throw unauthorized();
  const jwt = Buffer.from(encoded, 'base64').toString('utf8');
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(jwt)) throw unauthorized();
  return jwt;
}
