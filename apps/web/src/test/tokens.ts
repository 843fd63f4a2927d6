import type { DecodedToken, TokenPair } from '@glossa/contract';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned-looking JWT with the given claims (the client never checks signatures). */
export function makeJwt(claims: object): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(
    JSON.stringify(claims),
  )}.c2lnbmF0dXJl`;
}

export function makeClaims(
  overrides: Partial<DecodedToken> = {},
  lifetimeSeconds = 900,
): DecodedToken {
  const now = Math.floor(Date.now() / 1000);
  return {
    iat: now,
    nbf: now,
    exp: now + lifetimeSeconds,
    payload: { userId: 'user-1', tokenId: 'session-1', digest: `d-${Math.random()}` },
    ...overrides,
  };
}

/** A token pair: access valid for `accessLifetimeSeconds`, refresh for 30 days. */
export function makeTokenPair(accessLifetimeSeconds = 900): TokenPair {
  return {
    access: makeJwt(makeClaims({}, accessLifetimeSeconds)),
    refresh: makeJwt(makeClaims({}, 30 * 24 * 3600)),
  };
}
