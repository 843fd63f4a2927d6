import {
  categoryIdParamsSchema,
  categoryMemberViewSchema,
  categoryTreeItemSchema,
  categoryTreeSchema,
  createCategoryBodySchema,
  deleteCategoryQuerySchema,
  deletedCategorySchema,
  okEnvelope,
  updateCategoryBodySchema,
} from '@glossa/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { getAuth, requireAuth } from '../auth/authenticate';
import {
  createCategory,
  deleteCategory,
  getCategoryTree,
  getCategoryView,
  updateCategory,
} from './categories.service';
import { membersRoutes } from './members.routes';

const tags = ['categories'];
const security = [{ bearer: [] }];

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The category tree: own categories and those shared with the caller, with counts',
        response: { 200: okEnvelope(categoryTreeSchema) },
      },
    },
    async (request) => ok(await getCategoryTree(app.deps, getAuth(request).userId)),
  );

  app.post(
    '/api/categories',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Create a category, at the root or under one of the caller’s own',
        body: createCategoryBodySchema,
        response: { 201: okEnvelope(categoryTreeItemSchema) },
      },
    },
    async (request, reply) => {
      const created = await createCategory(app.deps, getAuth(request).userId, request.body);
      return reply.status(201).send(ok(created));
    },
  );

  app.get(
    '/api/categories/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'The member view: the category, the caller’s role and permissions, its children',
        params: categoryIdParamsSchema,
        response: { 200: okEnvelope(categoryMemberViewSchema) },
      },
    },
    async (request) =>
      ok(await getCategoryView(app.deps, getAuth(request).userId, request.params.id)),
  );

  app.patch(
    '/api/categories/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Rename, describe, share or move a category (owner only)',
        params: categoryIdParamsSchema,
        body: updateCategoryBodySchema,
        response: { 200: okEnvelope(categoryTreeItemSchema) },
      },
    },
    async (request) =>
      ok(await updateCategory(app.deps, getAuth(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/api/categories/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete a category and its sub-categories; their cards move up or are deleted',
        params: categoryIdParamsSchema,
        querystring: deleteCategoryQuerySchema,
        response: { 200: okEnvelope(deletedCategorySchema) },
      },
    },
    async (request) =>
      ok(
        await deleteCategory(
          app.deps,
          getAuth(request).userId,
          request.params.id,
          request.query.cards,
        ),
      ),
  );

  await app.register(membersRoutes);
};
