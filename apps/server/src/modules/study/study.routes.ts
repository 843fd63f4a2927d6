import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { getQueue } from './queue.service';
import { getGradeSettings, putGradeSettings } from './scheduler-settings.service';
import { editStudySettings, getStudySettings } from './study-settings.service';
import { getCombo, overrideReview, submitReview, undoReview } from './study.service';

export const studyRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.study.queue, ({ auth, query }) => getQueue(deps, auth.userId, query));
  addRoute(app, api.study.review, ({ auth, body }) => submitReview(deps, auth.userId, body));
  addRoute(app, api.study.override, ({ auth, params, body }) =>
    overrideReview(
      deps,
      auth.userId,
      params.clientReviewId,
      body?.grade as 1 | 2 | 3 | 4 | undefined,
    ),
  );
  addRoute(app, api.study.undo, ({ auth, params }) =>
    undoReview(deps, auth.userId, params.clientReviewId),
  );
  addRoute(app, api.study.combo, ({ auth }) => getCombo(deps, auth.userId));
  addRoute(app, api.study.settings, ({ auth }) => getStudySettings(deps, auth.userId));
  addRoute(app, api.study.editSettings, ({ auth, body }) =>
    editStudySettings(deps, auth.userId, body),
  );
  addRoute(app, api.study.scheduler, ({ auth }) => getGradeSettings(deps, auth.userId));
  addRoute(app, api.study.editScheduler, ({ auth, body }) =>
    putGradeSettings(deps, auth.userId, body),
  );
};
