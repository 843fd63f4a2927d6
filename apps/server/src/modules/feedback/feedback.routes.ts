import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { createFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, api.feedback.create, ({ auth, body }) =>
    createFeedback(app.deps, auth.userId, body),
  );
};
