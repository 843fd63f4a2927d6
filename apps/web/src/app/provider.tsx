import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { clearStoredQueues } from '../features/study/api/queue-keys';
import { readSession, subscribeSession } from '../lib/session';
import { forgetVerifications } from '../lib/verification-memory';

export interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Drops every cached answer, the study queues kept on the device and the address's remembered
 * verification when the signed-in learner changes or signs out (also from another tab, or when
 * the session ended on the server), so no one sees the previous learner's data. The answers waiting to sync stay: they are sent at the
 * learner's next sign-in.
 */
function useClearCacheOnUserChange(queryClient: QueryClient) {
  useEffect(() => {
    let userId = readSession()?.decodedAccessToken.payload.userId ?? null;
    return subscribeSession(() => {
      const next = readSession()?.decodedAccessToken.payload.userId ?? null;
      if (next !== userId) {
        queryClient.clear();
        clearStoredQueues(localStorage);
        forgetVerifications(localStorage);
      }
      userId = next;
    });
  }, [queryClient]);
}

/** Everything the routed app needs around it: the interface language (lib/i18n.ts), the queries. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  useClearCacheOnUserChange(queryClient);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
