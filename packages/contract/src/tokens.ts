import { z } from 'zod';

/** The claims of both tokens: exactly these, no other key (the seed's strict session shape). */
export const decodedTokenSchema = z.strictObject({
  iat: z.number().int(),
  nbf: z.number().int(),
  exp: z.number().int(),
  payload: z.strictObject({
    userId: z.string(),
    tokenId: z.string(),
    digest: z.string(),
  }),
});
export type DecodedToken = z.infer<typeof decodedTokenSchema>;

export const tokenPairSchema = z.strictObject({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Lifetimes (seconds) of docs/design.md §5. */
export const accessTokenLifetimeSeconds = 15 * 60;
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;
/**
 * For this long after a refresh token was rotated, presenting it again (two tabs refreshing at
 * once, a retry after a lost answer) answers the session's current pair instead of counting as
 * reuse (decision 0017).
 */
export const refreshReuseGraceSeconds = 30;

export { sessionStorageKeys, themeStorageKey } from './storage-keys';
