import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { scheduleTokenRefresh } from './lib/api-client';
import { initAppState } from './lib/app-state';
import { keepTypedFields } from './lib/prerendered';
import { activateLocale, initialLocale } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

// The interface language's catalog (one small chunk) is fetched at once, beside the rest of the
// start-up, and the first render waits for it (decision 0037).
const localeReady = activateLocale(initialLocale());
const queryClient = createQueryClient();
// Theme first (no flash of the wrong theme), then the session and the user (seed startup); the
// user model is the query cache's user info.
initAppState(queryClient);
scheduleTokenRefresh();
// One websocket per tab while signed in: other tabs' and devices' changes show without a reload.
// Its code is a chunk of its own, fetched at once but off the entry's path (decision 0031).
void import('./lib/live-updates').then(({ startLiveUpdates }) => startLiveUpdates(queryClient));
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createAppRouter();

// A page that came with its markup (the sign-in, sign-up and forgotten-password pages; decision
// 0031, fourth pass) shows already: the app draws it again once its page and catalogs have come,
// in one go (no spinner between), in a transition (its work in short tasks, the page meanwhile
// as it was), and what the visitor typed meanwhile carries over (lib/prerendered.ts). The public
// script, which works the prerendered theme switch, stands down.
const prerendered = container.hasChildNodes();
const afterTakeover = prerendered ? keepTypedFields(container) : null;
document.documentElement.setAttribute('data-app-started', '');
const routerReady = new Promise<void>((resolve) => {
  if (!prerendered || router.state.initialized) {
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

/** Runs once the app's first render is in the page, before the browser paints it. */
function AfterFirstRender({ run }: { run: () => void }) {
  useLayoutEffect(run, [run]);
  return null;
}

const root = createRoot(container);
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
      {afterTakeover ? <AfterFirstRender run={afterTakeover} /> : null}
    </AppProvider>
  </StrictMode>
);
// A catalog that failed to load (offline, no cached copy) still shows the page, in English source.
void Promise.all([localeReady.catch(() => undefined), routerReady]).then(() => {
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
});
