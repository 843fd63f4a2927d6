import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { detectLanguage } from './detect.service';

export const detectRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, api.languages.detect, ({ auth, body }) =>
    detectLanguage(app.deps, auth.userId, body),
  );
};
