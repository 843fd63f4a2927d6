import { z } from 'zod';
/** The claims of both tokens: exactly these, no other key (the seed's strict session shape). */
export declare const decodedTokenSchema: z.ZodObject<{
    iat: z.ZodNumber;
    nbf: z.ZodNumber;
    exp: z.ZodNumber;
    payload: z.ZodObject<{
        userId: z.ZodString;
        tokenId: z.ZodString;
        digest: z.ZodString;
    }, z.core.$strict>;
}, z.core.$strict>;
export type DecodedToken = z.infer<typeof decodedTokenSchema>;
export declare const tokenPairSchema: z.ZodObject<{
    access: z.ZodString;
    refresh: z.ZodString;
}, z.core.$strict>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
/** Lifetimes (seconds) of DESIGN.md §5. */
export declare const accessTokenLifetimeSeconds: number;
export declare const refreshTokenLifetimeSeconds: number;
/** The localStorage keys of the session, exactly as the seed names them. */
export declare const sessionStorageKeys: readonly ["encodedAccessToken", "encodedRefreshToken", "decodedAccessToken", "decodedRefreshToken"];
export declare const themeStorageKey = "isDark";
