import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { fitToHistory, getFitProgress } from './fit.service';

export const fitRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, api.study.fit, ({ auth }) => fitToHistory(app.deps, auth.userId));
  addRoute(app, api.study.fitProgress, ({ auth }) => getFitProgress(app.deps, auth.userId));
};
