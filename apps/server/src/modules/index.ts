import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { cardsRoutes } from './cards/cards.routes';
import { exploreRoutes } from './explore/explore.routes';
import { categoriesRoutes } from './categories/categories.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { detectRoutes } from './detect/detect.routes';
import { healthRoutes } from './health/health.routes';
import { importExportRoutes } from './import-export/import-export.routes';
import { languagesRoutes } from './languages/languages.routes';
import { liveRoutes } from './live/live.routes';
import { fitRoutes } from './fit/fit.routes';
import { statsRoutes } from './stats/stats.routes';
import { searchRoutes } from './search/search.routes';
import { studyRoutes } from './study/study.routes';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { translateRoutes } from './translate/translate.routes';
import { usersRoutes } from './users/users.routes';
import { verificationRoutes } from './verification/verification.routes';

/** Every feature's routes, registered in this order after the app's own plugins. */
export const moduleRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  verificationRoutes,
  accountRoutes,
  feedbackRoutes,
  languagesRoutes,
  categoriesRoutes,
  cardsRoutes,
  studyRoutes,
  statsRoutes,
  fitRoutes,
  importExportRoutes,
  detectRoutes,
  translateRoutes,
  exploreRoutes,
  searchRoutes,
  liveRoutes,
  adminRoutes,
  subscriptionsRoutes,
];
