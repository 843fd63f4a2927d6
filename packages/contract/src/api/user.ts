import { accountStatusSchema } from '../auth';
import { emptyPayloadSchema } from '../envelope';
import { route } from '../route';
import {
  createUserBodySchema,
  editUserBodySchema,
  editUserResponseSchema,
  userInfoSchema,
} from '../user';

export const user = {
  create: route({
    method: 'POST',
    path: '/api/user/create',
    access: 'public',
    rateLimit: 'auth',
    summary: 'Sign up; sends the verification mail',
    body: createUserBodySchema,
    responses: { 201: emptyPayloadSchema },
  }),
  info: route({
    method: 'GET',
    path: '/api/user/info',
    access: 'user',
    summary: 'The signed-in user',
    responses: { 200: userInfoSchema },
  }),
  account: route({
    method: 'GET',
    path: '/api/user/account',
    access: 'user',
    summary: 'Account facts: e-mail verified, role, plan, creation date',
    responses: { 200: accountStatusSchema },
  }),
  edit: route({
    method: 'POST',
    path: '/api/user/edit',
    access: 'user',
    summary: 'Change any subset of the user fields and settings',
    body: editUserBodySchema,
    responses: { 200: editUserResponseSchema },
  }),
};
