import { z } from 'zod';
/** POST /api/auth/login: login is a username or an e-mail. */
export declare const loginBodySchema: z.ZodObject<{
    login: z.ZodString;
    password: z.ZodString;
}, z.core.$strict>;
export type LoginBody = z.infer<typeof loginBodySchema>;
/** POST /api/auth/refresh */
export declare const refreshBodySchema: z.ZodObject<{
    refresh: z.ZodString;
}, z.core.$strict>;
/** One sign-in session, as listed in settings › authentification. */
export declare const sessionSchema: z.ZodObject<{
    tokenId: z.ZodString;
    createdAt: z.ZodISODateTime;
    lastUsedAt: z.ZodISODateTime;
    expiresAt: z.ZodISODateTime;
    userAgent: z.ZodString;
    current: z.ZodBoolean;
}, z.core.$strict>;
export type Session = z.infer<typeof sessionSchema>;
export declare const sessionListSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        tokenId: z.ZodString;
        createdAt: z.ZodISODateTime;
        lastUsedAt: z.ZodISODateTime;
        expiresAt: z.ZodISODateTime;
        userAgent: z.ZodString;
        current: z.ZodBoolean;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare const tokenIdParamsSchema: z.ZodObject<{
    tokenId: z.ZodString;
}, z.core.$strict>;
/** POST /api/user/verify-email */
export declare const verifyEmailBodySchema: z.ZodObject<{
    token: z.ZodString;
}, z.core.$strict>;
/** POST /api/user/forget-password */
export declare const forgetPasswordBodySchema: z.ZodObject<{
    email: z.ZodPipe<z.ZodString, z.ZodEmail>;
}, z.core.$strict>;
/** POST /api/user/reset-password */
export declare const resetPasswordBodySchema: z.ZodObject<{
    token: z.ZodString;
    password: z.ZodString;
}, z.core.$strict>;
/** POST /api/user/delete */
export declare const deleteAccountBodySchema: z.ZodObject<{
    currentPassword: z.ZodString;
}, z.core.$strict>;
/** Extra account facts the settings screen shows (never part of UserInfo). */
export declare const accountStatusSchema: z.ZodObject<{
    emailVerified: z.ZodBoolean;
    role: z.ZodEnum<{
        user: "user";
        admin: "admin";
    }>;
    plan: z.ZodEnum<{
        free: "free";
        premium: "premium";
    }>;
    createdAt: z.ZodISODateTime;
}, z.core.$strict>;
export type AccountStatus = z.infer<typeof accountStatusSchema>;
