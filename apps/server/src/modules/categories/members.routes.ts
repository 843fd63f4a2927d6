import {
  addMemberBodySchema,
  categoryIdParamsSchema,
  emptyBodySchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  okEmptyEnvelope,
  okEnvelope,
  updateMemberBodySchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import {
  addMember,
  changeMemberRole,
  leaveCategory,
  listMembers,
  removeMember,
} from './members.service';

const tags = ['categories'];
const security = [{ bearer: [] }];

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories/:id/members',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The members of a category (its owner and members see them)',
        params: categoryIdParamsSchema,
        response: { 200: okEnvelope(memberListSchema) },
      },
    },
    async (request) => {
      const items = await listMembers(app.deps, getAuth(request).userId, request.params.id);
      return ok({ items });
    },
  );

  app.post(
    '/api/categories/:id/members',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Add a member by username with a role (owner only; the category must be shared)',
        params: categoryIdParamsSchema,
        body: addMemberBodySchema,
        response: { 201: okEnvelope(memberSchema) },
      },
    },
    async (request, reply) => {
      const member = await addMember(
        app.deps,
        getAuth(request).userId,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(ok(member));
    },
  );

  app.patch(
    '/api/categories/:id/members/:userId',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change a member’s role (owner only)',
        params: memberParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: okEnvelope(memberSchema) },
      },
    },
    async (request) =>
      ok(
        await changeMemberRole(
          app.deps,
          getAuth(request).userId,
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
      ),
  );

  app.delete(
    '/api/categories/:id/members/:userId',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Remove a member (owner only)',
        params: memberParamsSchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await removeMember(app.deps, getAuth(request).userId, id, userId);
      return ok(null);
    },
  );

  app.post(
    '/api/categories/:id/leave',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Leave a category the caller is a member of',
        params: categoryIdParamsSchema,
        body: emptyBodySchema,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await leaveCategory(app.deps, getAuth(request).userId, request.params.id);
      return ok(null);
    },
  );
};
