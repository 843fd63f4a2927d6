import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { readSession, subscribeSession } from '../lib/session';

export interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Drops every cached answer when the signed-in learner changes or signs out (also from another
 * tab), so no one sees the previous learner's data.
 */
function useClearCacheOnUserChange(queryClient: QueryClient) {
  useEffect(() => {
    let userId = readSession()?.decodedAccessToken.payload.userId ?? null;
    return subscribeSession(() => {
      const next = readSession()?.decodedAccessToken.payload.userId ?? null;
      if (next !== userId) queryClient.clear();
      userId = next;
    });
  }, [queryClient]);
}

/** Everything the routed app needs around it. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  useClearCacheOnUserChange(queryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
