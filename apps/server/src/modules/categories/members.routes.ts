import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import {
  addMember,
  changeMemberRole,
  leaveCategory,
  listMembers,
  removeMember,
} from './members.service';

export const membersRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.categories.members, async ({ auth, params }) => ({
    items: await listMembers(deps, auth.userId, params.id),
  }));
  addRoute(app, api.categories.addMember, ({ auth, params, body }) =>
    addMember(deps, auth.userId, params.id, body),
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
