import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import {
  createCategory,
  deleteCategory,
  getCategoryTree,
  getCategoryView,
  updateCategory,
} from './categories.service';
import { membersRoutes } from './members.routes';

export const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.categories.tree, ({ auth }) => getCategoryTree(deps, auth.userId));
  addRoute(app, api.categories.create, ({ auth, body }) => createCategory(deps, auth.userId, body));
  addRoute(app, api.categories.view, ({ auth, params }) =>
    getCategoryView(deps, auth.userId, params.id),
  );
  addRoute(app, api.categories.update, ({ auth, params, body }) =>
    updateCategory(deps, auth.userId, params.id, body),
  );
  addRoute(app, api.categories.delete, ({ auth, params, query }) =>
    deleteCategory(deps, auth.userId, params.id, query.cards),
  );
  await app.register(membersRoutes);
};
