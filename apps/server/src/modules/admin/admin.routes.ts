import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { countNewFeedback, listFeedbackPage } from '../feedback/feedback.service';
import {
  deleteUser,
  listAuditLog,
  listUsers,
  resendVerification,
  setDisabled,
  setFeedbackStatus,
  setFreeloaded,
  setRole,
} from './admin.service';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  addRoute(app, api.admin.users, ({ query }) => listUsers(deps, query));
  addRoute(app, api.admin.setFreeloaded, ({ auth, params, body }) =>
    setFreeloaded(deps, auth, params.id, body.isFreeloaded),
  );
  addRoute(app, api.admin.setRole, ({ auth, params, body }) =>
    setRole(deps, auth, params.id, body.role),
  );
  addRoute(app, api.admin.setDisabled, ({ auth, params, body }) =>
    setDisabled(deps, auth, params.id, body.disabled),
  );
  addRoute(app, api.admin.resendVerification, ({ auth, params }) =>
    resendVerification(deps, auth, params.id),
  );
  addRoute(app, api.admin.deleteUser, ({ auth, params, body }) =>
    deleteUser(deps, auth, params.id, body.username),
  );
  addRoute(app, api.admin.feedback, ({ query }) => listFeedbackPage(deps, query));
  addRoute(app, api.admin.feedbackCount, () => countNewFeedback(deps));
  addRoute(app, api.admin.setFeedbackStatus, ({ auth, params, body }) =>
    setFeedbackStatus(deps, auth, params.id, body.status),
  );
  addRoute(app, api.admin.audit, ({ query }) => listAuditLog(deps, query));
};
