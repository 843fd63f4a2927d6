import {
  accountStatusSchema,
  createUserBodySchema,
  editUserBodySchema,
  editUserResponseSchema,
  okEmptyEnvelope,
  okEnvelope,
  userInfoSchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authRateLimit } from '../../http/rate-limit';
import { getAuth, requireAuth } from '../auth/authenticate';
import { editUser } from './edit-user.service';
import { createUser, getAccountStatus, getUserInfo } from './users.service';

const tags = ['user'];
const security = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/create',
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Sign up; sends the verification mail',
        body: createUserBodySchema,
        response: { 201: okEmptyEnvelope },
      },
    },
    async (request, reply) => {
      await createUser(app.deps, request.body);
      return reply.status(201).send(ok(null));
    },
  );

  app.get(
    '/api/user/info',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The signed-in user',
        response: { 200: okEnvelope(userInfoSchema) },
      },
    },
    (request) => ok(getUserInfo(getAuth(request).user)),
  );

  app.get(
    '/api/user/account',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Account facts: e-mail verified, role, plan, creation date',
        response: { 200: okEnvelope(accountStatusSchema) },
      },
    },
    async (request) => ok(await getAccountStatus(app.deps, getAuth(request).userId)),
  );

  app.post(
    '/api/user/edit',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Change any subset of the user fields and settings',
        body: editUserBodySchema,
        response: { 200: okEnvelope(editUserResponseSchema) },
      },
    },
    async (request) => ok(await editUser(app.deps, getAuth(request), request.body)),
  );
};
