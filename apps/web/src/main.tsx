import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/app-root';
import { createAppRouter, routerInitialized } from './app/router';
import { scheduleTokenRefresh } from './lib/api-client';
import { initAppState, loadTheme } from './lib/app-state';
import { warmDateFormatting } from './lib/dates';
import { activateLocale, i18n, initialLocale, warmNumberFormatting } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { releaseHeldSubmits } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { readSession, subscribeSession } from './lib/session';
import './styles/global.css';

// The theme now, before the browser paints anything (no flash of the wrong theme); the rest of the
// start-up comes in the next tasks (start, below).
loadTheme();
const queryClient = createQueryClient();
// One websocket per tab while signed in: other tabs' and devices' changes show without a reload.
// Its code is a chunk of its own, off the entry's path (decision 0031), fetched once there is a
// session: at once for a signed-in learner, at sign-in otherwise (a visitor signed out reading the
// sign-in page does not load it). From then on it follows the session itself.
let liveUpdatesStarted = false;
let stopWaitingForSession = () => {};
function startLiveUpdatesOnce(): void {
  if (liveUpdatesStarted || !readSession()) return;
  liveUpdatesStarted = true;
  stopWaitingForSession();
  void import('./lib/live-updates').then(({ startLiveUpdates }) => startLiveUpdates(queryClient));
}
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A page that came with its markup (the sign-in, sign-up and forgotten-password pages; decision
// 0031, fourth and ninth passes) shows already: once its page and catalogs have come, the app
// hydrates that markup (keeps its elements, attaches its own handlers to them) in a transition, its
// work in short tasks and no element drawn again. The public script, which works the prerendered
// theme switch, stands down, and puts back what the visitor typed meanwhile when told the app's
// first render is in (lib/prerendered.ts).
const prerendered = container.hasChildNodes();
// The language the markup was prerendered in (the shell's `<html lang>`), before the app's own
// locale sets it: the app hydrates only markup of its language. Any other (the RTL pseudo-locale,
// which has no prerendered shell) is drawn anew, and what was typed carries over.
const markupLocale = document.documentElement.lang;
document.documentElement.setAttribute('data-app-started', '');

/**
 * The start-up runs in the tasks after the one that ran the entry's modules: the state (theme,
 * session, the first calls sent) in one, the router in the next. Three shorter tasks rather than
 * one that keeps a phone's main thread busy (decision 0031, fourth and seventh passes).
 */
async function start(rootElement: HTMLElement): Promise<void> {
  await nextTask();
  // The interface language's catalog (one small chunk) is fetched at once, beside the rest of the
  // start-up, and the first render waits for it (decision 0037).
  const localeReady = activateLocale(initialLocale());
  // The session and the user (seed startup; the theme again, as loaded above); the user model is
  // the query cache's user info.
  initAppState(queryClient);
  scheduleTokenRefresh();
  stopWaitingForSession = subscribeSession(startLiveUpdatesOnce);
  startLiveUpdatesOnce();
  const root = prerendered ? null : createRoot(rootElement);
  await nextTask();
  const router = createAppRouter();
  // Tasks of their own, while the page's module and catalogs are on their way; not on a
  // prerendered page (a form of the signed-out, showing no number or date), whose page shows already.
  if (!prerendered) {
    setTimeout(warmNumberFormatting, 0);
    setTimeout(warmDateFormatting, 0);
  }
  const app = (
    <AppRoot queryClient={queryClient} prerendered={prerendered}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // A catalog that failed to load (offline, no cached copy) still shows the page, in English
  // source.
  await Promise.all([
    localeReady.catch(() => undefined),
    prerendered ? routerInitialized(router) : null,
  ]);
  if (root) {
    root.render(app);
    return;
  }
  if (i18n.locale !== markupLocale) {
    // Markup in another language than the app's would not match: the app draws the page anew (in
    // one transition, as the markup shows meanwhile), rather than have React find the mismatch.
    const fresh = createRoot(rootElement);
    startTransition(() => {
      fresh.render(app);
    });
    return;
  }
  // The markup's submit buttons wait, disabled, for the app (src/prerender/render-app.tsx): the
  // app's own buttons are not, and hydration keeps the attributes it finds.
  releaseHeldSubmits(rootElement);
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

void start(container);
