import { z } from 'zod';
import { idSchema, memberRoleSchema } from './categories';

/**
 * What became of an invitation. Only `pending` ones are shown and may be answered; the others are
 * kept a day, for the owner's daily limit (docs/decisions/0016-invitations.md).
 */
export const invitationStatusSchema = z.enum(['pending', 'accepted', 'declined', 'cancelled']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

const personSchema = z.strictObject({ id: z.string(), username: z.string() });

/** An invitation to become a member of a category, as its owner and its invitee see it. */
export const invitationSchema = z.strictObject({
  id: z.string(),
  category: z.strictObject({ id: z.string(), name: z.string() }),
  /** The owner of the category, who invited. */
  owner: personSchema,
  invitee: personSchema,
  role: memberRoleSchema,
  status: invitationStatusSchema,
  /**
   * The cards the membership opens: those of the category and of its sub-categories that are not
   * private (a private one hides its own sub-tree from members).
   */
  cardCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/invitations (the caller's pending ones), GET /api/categories/{id}/invitations. */
export const invitationListSchema = z.strictObject({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** /api/invitations/{id}/accept and /decline */
export const invitationIdParamsSchema = z.strictObject({ id: idSchema });

/** DELETE /api/categories/{id}/invitations/{invitationId} */
export const categoryInvitationParamsSchema = z.strictObject({
  id: idSchema,
  invitationId: idSchema,
});

export const invitationLimits = {
  /** Pending invitations one learner is shown (the newest). */
  receivedListMax: 100,
} as const;
