import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { paths } from '../config/paths';
import { i18n, loadFeatureCatalogs } from '../lib/i18n';
import { requireSessionLoader } from './routes/guards';
import { PublicLayout } from './routes/public-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RequireSession } from './routes/require-session';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };

/**
 * A lazily loaded page: its module's default export is the route component, shown once the
 * catalogs of its features (their messages in the interface language, lib/i18n.ts) are loaded too.
 */
function page(load: () => Promise<PageModule>, ...features: string[]): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadFeatureCatalogs(...features)]);
      return { Component: module.default };
    },
  };
}

const notFound = { Component: NotFoundPage };
const settings = page(() => import('../features/settings/pages/settings-page'), 'settings');
const admin = page(() => import('../features/admin/pages/admin-page'), 'admin');
const organize = page(() => import('../features/organize/pages/organize-page'), 'organize');
// The wiki's articles in the interface's language come with its code (a failed load is tried
// again by the page).
const wiki = page(
  () =>
    Promise.all([
      import('../features/wiki/pages/wiki-page'),
      import('../features/wiki/content/articles')
        .then((module) => module.loadArticles(i18n.locale))
        .catch(() => undefined),
    ]).then(([module]) => module),
  'wiki',
);

/** Relative child path of an /app route ('/app/card/:id' → 'card/:id'). */
function inApp(path: string): string {
  return path.slice(`${paths.app.root.path}/`.length);
}

/** Every route of the seed table (DESIGN §7), each page loaded on demand. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            index: true,
            ...page(() => import('../features/marketing/pages/home-page'), 'marketing'),
          },
          {
            path: paths.privacy.path,
            ...page(() => import('../features/marketing/pages/privacy-page'), 'marketing'),
          },
          {
            path: paths.termsOfUse.path,
            ...page(() => import('../features/marketing/pages/terms-page'), 'marketing'),
          },
          {
            path: paths.auth.login.path,
            ...page(() => import('../features/auth/pages/login-page'), 'auth'),
          },
          {
            path: paths.auth.signup.path,
            ...page(() => import('../features/auth/pages/signup-page'), 'auth', 'signup'),
          },
          {
            path: paths.auth.forgetPassword.path,
            ...page(
              () => import('../features/auth/pages/forget-password-page'),
              'auth',
              'forget-password',
            ),
          },
        ],
      },
      {
        path: paths.app.root.path,
        // The signed-in chrome (header, menus, feedback dialog) loads with the first /app page.
        // Its messages are all the shell's, quick add's and quick search's buttons too
        // (lingui.config.ts); their dialogs load the card and search catalogs with their code.
        ...page(() => import('./routes/app-layout')),
        children: [
          {
            index: true,
            loader: () => redirect(paths.app.dashboard.getHref()),
            element: <Navigate to={paths.app.dashboard.getHref()} replace />,
          },
          // These two finish links sent by mail and open without a session.
          {
            path: inApp(paths.app.verifyEmail.path),
            ...page(
              () => import('../features/auth/pages/verify-email-page'),
              'auth',
              'verify-email',
            ),
          },
          {
            path: inApp(paths.app.resetPassword.path),
            ...page(
              () => import('../features/auth/pages/reset-password-page'),
              'auth',
              'reset-password',
            ),
          },
          {
            loader: requireSessionLoader,
            Component: RequireSession,
            children: [
              {
                path: inApp(paths.app.dashboard.path),
                ...page(() => import('../features/dashboard/pages/dashboard-page'), 'dashboard'),
              },
              {
                path: inApp(paths.app.explore.path),
                ...page(() => import('../features/explore/pages/explore-page'), 'explore'),
              },
              {
                path: inApp(paths.app.search.path),
                ...page(() => import('../features/search/pages/search-page'), 'search'),
              },
              {
                path: inApp(paths.app.card.path),
                ...page(() => import('../features/card/pages/card-page'), 'card'),
              },
              {
                path: inApp(paths.app.browse.path),
                ...page(() => import('../features/browse/pages/browse-page'), 'browse'),
              },
              { path: inApp(paths.app.organize.path), ...organize },
              { path: inApp(paths.app.organizeCategory.path), ...organize },
              { path: inApp(paths.app.wiki.path), ...wiki },
              { path: inApp(paths.app.wikiArticle.path), ...wiki },
              {
                path: inApp(paths.app.study.path),
                ...page(() => import('../features/study/pages/study-page'), 'study'),
              },
              { path: inApp(paths.app.settings.path), ...settings },
              { path: inApp(paths.app.settingsSubscription.path), ...settings },
              { path: inApp(paths.app.settingsAuthentification.path), ...settings },
              { path: inApp(paths.app.admin.path), ...admin },
              { path: inApp(paths.app.adminUsers.path), ...admin },
              { path: inApp(paths.app.adminFeedback.path), ...admin },
              { path: '*', ...notFound },
            ],
          },
        ],
      },
      {
        Component: PublicLayout,
        children: [{ path: '*', ...notFound }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Resolves once a router has loaded its first page's route (its lazy module and catalogs): what
 * a prerendered page waits for before the app hydrates it (main.tsx).
 */
export function routerInitialized(router: {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}
