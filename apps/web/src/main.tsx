import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { scheduleTokenRefresh } from './lib/api-client';
import { initAppState } from './lib/app-state';
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

const root = createRoot(container);
// A catalog that failed to load (offline, no cached copy) still shows the page, in English source.
void localeReady
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
