import { z } from 'zod';
import { idSchema } from './categories';
import { feedbackStatusSchema, storedFeedbackKindSchema } from './feedback';
import { countParam } from './query-params';

/** Limits of the admin lists (docs/decisions/0033-admin-and-plans.md). */
export const adminLimits = {
  queryMax: 100,
  listLimitMax: 100,
  listLimitDefault: 50,
} as const;

const cursorSchema = z.string().max(1024, { error: 'cursor must be at most 1024 characters' });

export const adminUserSortSchema = z.enum(['created', 'username', 'email']);
export type AdminUserSort = z.infer<typeof adminUserSortSchema>;

/**
 * GET /api/admin/users: `q` is a prefix of the username or of the e-mail address (any case);
 * `cursor` is the opaque nextCursor of the previous page, valid only with the same q and sort.
 */
export const adminUserListQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(adminLimits.queryMax, { error: `q must be at most ${adminLimits.queryMax} characters` })
    .optional(),
  sort: adminUserSortSchema.default('created'),
  /** Default: newest first for created, A → Z for username and email. */
  order: z.enum(['asc', 'desc']).optional(),
  cursor: cursorSchema.optional(),
  limit: countParam('limit', adminLimits.listLimitMax, adminLimits.listLimitDefault),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const planSchema = z.enum(['free', 'premium']);
export type Plan = z.infer<typeof planSchema>;

/** One user as the admins' users tab shows them. */
export const adminUserSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  plan: planSchema,
  isFreeloaded: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The last use of any of their sessions; null when they never signed in. */
  lastActiveAt: z.iso.datetime().nullable(),
  cardCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.strictObject({
  items: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserParamsSchema = z.strictObject({ id: idSchema });

export const adminFreeloadedBodySchema = z.strictObject({
  isFreeloaded: z.boolean({ error: 'isFreeloaded must be true or false' }),
});
export const adminRoleBodySchema = z.strictObject({
  role: z.enum(['user', 'admin'], { error: 'role must be user or admin' }),
});
export const adminDisabledBodySchema = z.strictObject({
  disabled: z.boolean({ error: 'disabled must be true or false' }),
});
/** Deleting a user: the admin types their username to confirm. */
export const adminDeleteUserBodySchema = z.strictObject({
  username: z
    .string({ error: 'username is required' })
    .min(1, { error: 'username is required' })
    .max(100, { error: 'username must be at most 100 characters' }),
});

/** GET /api/admin/feedback: newest first. */
export const adminFeedbackListQuerySchema = z.strictObject({
  status: feedbackStatusSchema.optional(),
  kind: storedFeedbackKindSchema.optional(),
  cursor: cursorSchema.optional(),
  limit: countParam('limit', adminLimits.listLimitMax, adminLimits.listLimitDefault),
});
export type AdminFeedbackListQuery = z.infer<typeof adminFeedbackListQuerySchema>;

export const adminFeedbackSchema = z.strictObject({
  id: z.string(),
  kind: storedFeedbackKindSchema,
  message: z.string(),
  page: z.string(),
  status: feedbackStatusSchema,
  createdAt: z.iso.datetime(),
  sender: z.strictObject({ id: z.string(), username: z.string(), email: z.string() }),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

export const adminFeedbackPageSchema = z.strictObject({
  items: z.array(adminFeedbackSchema),
  nextCursor: z.string().nullable(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

export const adminFeedbackParamsSchema = z.strictObject({ id: idSchema });
export const adminFeedbackStatusBodySchema = z.strictObject({ status: feedbackStatusSchema });

export const adminFeedbackCountSchema = z.strictObject({ new: z.number().int() });

export const adminActionSchema = z.enum([
  'user.freeloaded',
  'user.role',
  'user.disabled',
  'user.verification_resent',
  'user.deleted',
  'feedback.status',
]);
export type AdminAction = z.infer<typeof adminActionSchema>;

export const adminAuditQuerySchema = z.strictObject({
  cursor: cursorSchema.optional(),
  limit: countParam('limit', adminLimits.listLimitMax, adminLimits.listLimitDefault),
});

/** One admin action, kept when its actor or target is deleted (their names as they were then). */
export const adminAuditEntrySchema = z.strictObject({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.strictObject({ id: z.string(), username: z.string() }),
  action: adminActionSchema,
  /** A user's id and username, or a feedback item's id (username empty). */
  target: z.strictObject({ id: z.string(), username: z.string() }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditPageSchema = z.strictObject({
  items: z.array(adminAuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
