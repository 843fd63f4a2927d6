import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  accessTokenLifetimeSeconds,
  decodedTokenSchema,
  type DecodedToken,
} from '@glossa/contract';
import { SignJWT } from 'jose';
import { AppError } from '../errors';
import type { SigningKeys } from './keys';

export type TokenPayload = DecodedToken['payload'];
export type TokenKind = 'access' | 'refresh';

const algorithm = 'HS256';

/** The digest an access token carries: HMAC of the user's security stamp (base64url). */
export function accessDigest(keys: SigningKeys, securityStamp: string): string {
  let known = digests.get(keys);
  if (!known) digests.set(keys, (known = new Map()));
  let digest = known.get(securityStamp);
  if (digest === undefined) {
    digest = createHmac('sha256', keys.digest).update(securityStamp).digest('base64url');
    // Every authenticated call compares it: worked out once per stamp (bounded memory).
    if (known.size >= verifiedMax) known.clear();
    known.set(securityStamp, digest);
  }
  return digest;
}

const digests = new WeakMap<SigningKeys, Map<string, string>>();

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

/** The JSON object a base64url part of a JWT holds, or undefined. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies a compact JWT of the given kind: a header of exactly `{ "alg": "HS256" }` (no other
 * algorithm, no critical extensions), an HMAC-SHA256 signature by that kind's key (compared in
 * constant time), `nbf ≤ now < exp` (whole seconds), and exactly the contract's claims. An expired
 * token answers token_expired, anything else unauthorized. Synchronous and in-process: HMAC with
 * node:crypto costs a few microseconds, where WebCrypto's promise and key handling cost a tenth of
 * an authenticated call; a token already checked is remembered, so its next calls only compare
 * its times (a token never changes, and the session behind it is read every time).
 */
export function verifyToken(
  keys: SigningKeys,
  kind: TokenKind,
  jwt: string,
  now: number,
): DecodedToken {
  const claims = verifiedClaims(keys, kind, jwt);
  const seconds = Math.floor(now / 1000);
  if (claims.nbf > seconds) throw unauthorized();
  if (claims.exp <= seconds) throw new AppError('token_expired', 'The token has expired');
  return claims;
}

/** Tokens whose signature and claims were checked, per key set (the times are checked per call). */
const verified = new WeakMap<SigningKeys, Map<string, DecodedToken>>();
/** Tokens remembered per key set; past this the memory starts afresh. */
const verifiedMax = 10_000;

function verifiedClaims(keys: SigningKeys, kind: TokenKind, jwt: string): DecodedToken {
  let known = verified.get(keys);
  if (!known) verified.set(keys, (known = new Map()));
  const key = `${kind} ${jwt}`;
  const cached = known.get(key);
  if (cached) return cached;
  const claims = checkSignedClaims(keys, kind, jwt);
  if (known.size >= verifiedMax) known.clear();
  known.set(key, claims);
  return claims;
}

function checkSignedClaims(keys: SigningKeys, kind: TokenKind, jwt: string): DecodedToken {
  const [header = '', body = '', signature = '', ...rest] = jwt.split('.');
  if (rest.length > 0) throw unauthorized();
  const protectedHeader = jsonPart(header);
  if (
    protectedHeader?.['alg'] !== algorithm ||
    Object.keys(protectedHeader).some((key) => key !== 'alg' && key !== 'typ')
  ) {
    throw unauthorized();
  }
  const expected = createHmac('sha256', keys[kind]).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (
    given.length !== expected.length ||
    given.toString('base64url') !== signature ||
    !timingSafeEqual(given, expected)
  ) {
    throw unauthorized();
  }
  const parsed = decodedTokenSchema.safeParse(jsonPart(body));
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
