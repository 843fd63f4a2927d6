import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { getCardSchedule, getStudySummary } from './stats.service';
import { getActivity, getRetention } from './statistics.service';
import { getCategoryProgress } from './stats-categories.service';

export const statsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.study.summary, ({ auth, query }) => getStudySummary(deps, auth.userId, query));
  addRoute(app, api.study.cardSchedule, ({ auth, params, query }) =>
    getCardSchedule(deps, auth.userId, params.id, query),
  );
  addRoute(app, api.stats.activity, ({ auth, query }) => getActivity(deps, auth.userId, query));
  addRoute(app, api.stats.retention, ({ auth }) => getRetention(deps, auth.userId));
  addRoute(app, api.stats.categories, ({ auth }) => getCategoryProgress(deps, auth.userId));
};
