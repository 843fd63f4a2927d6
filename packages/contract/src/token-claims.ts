import type { DecodedToken } from './tokens';

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasExactly = (value: Record<string, unknown>, keys: string[]): boolean =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));

/**
 * `decodedTokenSchema`'s strict check without zod, for the web's first paint (it reads the
 * stored session before any page shows; decision 0031): exactly these claims, integers and
 * strings. The same value, or null where the schema refuses it (token-claims.test.ts compares).
 */
export function parseTokenClaims(value: unknown): DecodedToken | null {
  if (!isRecord(value) || !hasExactly(value, ['iat', 'nbf', 'exp', 'payload'])) return null;
  const { iat, nbf, exp, payload } = value;
  if (!isInt(iat) || !isInt(nbf) || !isInt(exp)) return null;
  if (!isRecord(payload) || !hasExactly(payload, ['userId', 'tokenId', 'digest'])) return null;
  const { userId, tokenId, digest } = payload;
  if (typeof userId !== 'string' || typeof tokenId !== 'string' || typeof digest !== 'string') {
    return null;
  }
  return { iat, nbf, exp, payload: { userId, tokenId, digest } };
}
