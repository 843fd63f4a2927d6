import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  inviteMember,
  listCategoryInvitations,
  listReceivedInvitations,
} from './invitations.service';
import { changeMemberRole, leaveCategory, listMembers, removeMember } from './members.service';

export const membersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.categories.members, async ({ auth, params }) => ({
    items: await listMembers(deps, auth.userId, params.id),
  }));
  addRoute(app, api.categories.invite, ({ auth, params, body }) =>
    inviteMember(deps, auth.userId, params.id, body),
  );
  addRoute(app, api.categories.invitations, async ({ auth, params }) => ({
    items: await listCategoryInvitations(deps, auth.userId, params.id),
  }));
  addRoute(app, api.categories.cancelInvitation, ({ auth, params }) =>
    cancelInvitation(deps, auth.userId, params.id, params.invitationId),
  );
  addRoute(app, api.invitations.list, async ({ auth }) => ({
    items: await listReceivedInvitations(deps, auth.userId),
  }));
  addRoute(app, api.invitations.accept, ({ auth, params }) =>
    acceptInvitation(deps, auth.userId, params.id),
  );
  addRoute(app, api.invitations.decline, ({ auth, params }) =>
    declineInvitation(deps, auth.userId, params.id),
  );
  addRoute(app, api.categories.changeMemberRole, ({ auth, params, body }) =>
    changeMemberRole(deps, auth.userId, params.id, params.userId, body.role),
  );
  addRoute(app, api.categories.removeMember, async ({ auth, params }) => {
    await removeMember(deps, auth.userId, params.id, params.userId);
    return null;
  });
  addRoute(app, api.categories.leave, async ({ auth, params }) => {
    await leaveCategory(deps, auth.userId, params.id);
    return null;
  });
};
