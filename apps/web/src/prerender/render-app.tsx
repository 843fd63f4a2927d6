// The app's pages that come prerendered in their shells (decision 0031, fourth and ninth passes),
// rendered at build time by scripts/build-public.mjs with the app's own tree and routes, once per
// interface language, for the app to hydrate. Built apart from render.tsx: the public pages' CSS
// stays theirs, and these pages use the app's CSS files (the same class names: CSS modules name
// them by file and rule).
import { i18n, type Messages } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { interfaceLocales, type InterfaceLocale } from '@glossa/contract/locales';
import { AppRoot } from '../app/app-root';
import { routes } from '../app/router';
import { paths } from '../config/paths';

// What app/router.tsx loads with these pages: the shell's catalog, the auth feature's, and the
// sign-up's and forgotten password's parts (lingui.config.ts).
const catalogs = import.meta.glob<Messages>(
  [
    '../locales/*/messages.po',
    '../features/auth/locales/*.po',
    '../locales/parts/signup/*.po',
    '../locales/parts/forget-password/*.po',
  ],
  { eager: true, import: 'messages' },
);

for (const locale of interfaceLocales) {
  const files = [
    `../locales/${locale}/messages.po`,
    `../features/auth/locales/${locale}.po`,
    `../locales/parts/signup/${locale}.po`,
    `../locales/parts/forget-password/${locale}.po`,
  ];
  const loaded = files.map((file) => catalogs[file]);
  if (loaded.some((catalog) => !catalog)) {
    throw new Error(`The ${locale} catalogs of the prerendered app pages are missing`);
  }
  i18n.load(locale, Object.assign({}, ...loaded) as Messages);
}

export { interfaceLocales };

/**
 * The app's pages whose shells carry their markup (decision 0031, fourth pass): what a signed-out
 * visitor sees first at these addresses shows with the HTML and its CSS, before the app's script
 * has come; the app then hydrates it (src/main.tsx, src/lib/prerendered.ts).
 */
export const prerenderedAppPages: { path: string }[] = [
  { path: paths.auth.login.path },
  { path: paths.auth.signup.path },
  { path: paths.auth.forgetPassword.path },
];

/** The app's router (its routes, lazy pages loaded) at an address, as it stands at its first render. */
async function staticRouterAt(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://glossa.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect, not a page`);
  const failed = Object.values(context.errors ?? {});
  if (failed.length > 0) {
    throw new Error(`${path} failed to load`, { cause: failed[0] });
  }
  return { router: createStaticRouter(handler.dataRoutes, context), context };
}

/**
 * What a prerendered page's submit buttons look like until the app has started: disabled, so that
 * neither a press nor Enter in a field sends the form the browser's way (a GET with the password
 * in the address); the app's own buttons replace them.
 */
function disableSubmits(html: string, path: string): string {
  const submit = /<button type="submit"/g;
  if (!submit.test(html)) throw new Error(`${path} has no submit button to hold back`);
  return html.replace(submit, '<button type="submit" disabled=""');
}

/**
 * The markup of one of the app's prerendered pages inside #root, signed out, in one language: what
 * the app shows there at its first render, from the same tree (AppRoot) and routes (the root
 * layout's skip link and toast areas, the public layout, the page; effects do not run, so the
 * language fields show their stand-ins as the app does until the combobox has come). The app
 * hydrates it: the two must match to the element, which src/prerender/hydrate.test.tsx checks.
 */
export async function renderAppPage(path: string, locale: InterfaceLocale): Promise<string> {
  const page = prerenderedAppPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is not a prerendered page of the app`);
  i18n.activate(locale);
  const { router, context } = await staticRouterAt(page.path);
  // The page's mutations (sign in, sign up) need a query client; nothing runs them here.
  const html = renderToString(
    <AppRoot queryClient={new QueryClient()} prerendered>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  return disableSubmits(html, path);
}
