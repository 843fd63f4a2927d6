import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { scheduleTokenRefresh } from './lib/api-client';
import { initAppState } from './lib/app-state';
import { startLiveUpdates } from './lib/live-updates';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/global.css';

const queryClient = createQueryClient();
// Theme first (no flash of the wrong theme), then the session and the user (seed startup); the
// user model is the query cache's user info.
initAppState(queryClient);
scheduleTokenRefresh();
// One websocket per tab while signed in: other tabs' and devices' changes show without a reload.
startLiveUpdates(queryClient);
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
