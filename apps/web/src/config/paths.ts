/**
 * Every route of the app (seed §2, DESIGN §7) in one place. `path` is the router pattern,
 * `getHref` builds a link to it.
 */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  termsOfUse: { path: '/terms-of-use', getHref: () => '/terms-of-use' },
  auth: {
    login: {
      path: '/login',
      getHref: (redirectTo?: string | null) =>
        withQuery('/login', { redirect: redirectTo ?? undefined }),
    },
    signup: {
      path: '/signup',
      getHref: (redirectTo?: string | null) =>
        withQuery('/signup', { redirect: redirectTo ?? undefined }),
    },
    forgetPassword: { path: '/forget-password', getHref: () => '/forget-password' },
  },
  app: {
    root: { path: '/app', getHref: () => '/app' },
    dashboard: { path: '/app/dashboard', getHref: () => '/app/dashboard' },
    explore: {
      path: '/app/explore',
      /** With a deck: its preview open (the link a report of it gives the admins). */
      getHref: (deckId?: string) => withQuery('/app/explore', { deck: deckId }),
    },
    search: {
      path: '/app/search',
      getHref: (query?: string) => withQuery('/app/search', { q: query }),
    },
    card: {
      path: '/app/card/:id',
      getHref: (id: string) => `/app/card/${encodeURIComponent(id)}`,
    },
    browse: { path: '/app/browse', getHref: () => '/app/browse' },
    organize: { path: '/app/organize', getHref: () => '/app/organize' },
    organizeCategory: {
      path: '/app/organize/:id',
      getHref: (id: string) => `/app/organize/${encodeURIComponent(id)}`,
    },
    wiki: { path: '/app/wiki', getHref: () => '/app/wiki' },
    /** One help article, at one of its headings when given (#<heading>). */
    wikiArticle: {
      path: '/app/wiki/:article',
      getHref: (article: string, heading?: string) =>
        `/app/wiki/${encodeURIComponent(article)}${heading ? `#${encodeURIComponent(heading)}` : ''}`,
    },
    study: { path: '/app/study', getHref: () => '/app/study' },
    settings: { path: '/app/settings', getHref: () => '/app/settings' },
    settingsSubscription: {
      path: '/app/settings/subscription',
      getHref: () => '/app/settings/subscription',
    },
    settingsAuthentification: {
      path: '/app/settings/authentification',
      getHref: () => '/app/settings/authentification',
    },
    verifyEmail: {
      path: '/app/verify-email',
      getHref: (token?: string) => withQuery('/app/verify-email', { token }),
    },
    resetPassword: {
      path: '/app/reset-password',
      getHref: (token?: string) => withQuery('/app/reset-password', { token }),
    },
    admin: { path: '/app/admin', getHref: () => '/app/admin' },
    adminUsers: { path: '/app/admin/users', getHref: () => '/app/admin/users' },
    adminFeedback: { path: '/app/admin/feedback', getHref: () => '/app/admin/feedback' },
  },
} as const;

/**
 * Only same-origin app paths are accepted as a redirect target after sign-in, so a crafted
 * `?redirect=https://evil.example` cannot send the learner elsewhere.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback: string = paths.app.dashboard.getHref(),
): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}
