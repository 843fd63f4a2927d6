import { z } from 'zod';
import { requiredString } from './required-string';
import { currentPasswordSchema, emailSchema, passwordSchema } from './user';

/** POST /api/auth/login: login is a username or an e-mail. */
export const loginBodySchema = z.strictObject({
  login: requiredString('Username or e-mail')
    .trim()
    .min(1, { error: 'Username or e-mail is required' })
    .max(254, { error: 'Username or e-mail must be at most 254 characters' }),
  password: currentPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/auth/refresh */
export const refreshBodySchema = z.strictObject({
  refresh: requiredString('Refresh token').min(1).max(4096),
});

/** One sign-in session, as listed in settings › authentification. */
export const sessionSchema = z.strictObject({
  tokenId: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.strictObject({ items: z.array(sessionSchema) });

export const tokenIdParamsSchema = z.strictObject({ tokenId: z.string().min(1).max(64) });

/** POST /api/user/verify-email */
export const verifyEmailBodySchema = z.strictObject({
  token: requiredString('Token').min(1).max(512),
});

/**
 * What a followed link did: `verified` the account's address, or `changed` it to the new one of
 * an e-mail change (every session then ended: sign in again); `already_verified`: a verification
 * link used before (or replaced, or expired) whose address is the account's and verified.
 */
export const verifyEmailResultSchema = z.strictObject({
  outcome: z.enum(['verified', 'changed', 'already_verified']),
  email: z.string(),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

/** POST /api/user/forget-password */
export const forgetPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;

/** POST /api/user/reset-password */
export const resetPasswordBodySchema = z.strictObject({
  token: requiredString('Token').min(1).max(512),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/user/delete */
export const deleteAccountBodySchema = z.strictObject({ currentPassword: currentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Extra account facts the settings screen shows (never part of UserInfo). */
export const accountStatusSchema = z.strictObject({
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  plan: z.enum(['free', 'premium']),
  createdAt: z.iso.datetime(),
  /** The new address an e-mail change waits to be confirmed by (its link), or null. */
  pendingEmail: z.string().nullable(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;
