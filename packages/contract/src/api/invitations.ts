import { emptyBodySchema } from '../empty-body';
import { invitationIdParamsSchema, invitationListSchema, invitationSchema } from '../invitations';
import { route } from '../route';

/** The invitations the caller received (the owner's side is under the category's calls). */
export const invitations = {
  list: route({
    method: 'GET',
    path: '/api/invitations',
    access: 'user',
    summary: 'The caller’s pending invitations, newest first, with category, owner, role and cards',
    responses: { 200: invitationListSchema },
  }),
  accept: route({
    method: 'POST',
    path: '/api/invitations/:id/accept',
    access: 'user',
    summary: 'Accept an invitation: the caller becomes a member with its role (invitee only)',
    params: invitationIdParamsSchema,
    body: emptyBodySchema,
    responses: { 200: invitationSchema },
  }),
  decline: route({
    method: 'POST',
    path: '/api/invitations/:id/decline',
    access: 'user',
    summary: 'Decline an invitation: nobody becomes a member (invitee only)',
    params: invitationIdParamsSchema,
    body: emptyBodySchema,
    responses: { 200: invitationSchema },
  }),
};
