import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { appRenderedEvent } from '../lib/prerendered-event';
import { AppProvider } from './provider';

/** Tells the prerendered page's script that the app's first render is in, before it is painted. */
function AfterFirstRender() {
  useLayoutEffect(() => {
    document.dispatchEvent(new Event(appRenderedEvent));
  }, []);
  return null;
}

export interface AppRootProps {
  queryClient: QueryClient;
  /** The page came with its markup (main.tsx hydrates it; src/prerender/render-app.tsx wrote it). */
  prerendered: boolean;
  /** The router: the browser's in the app, a static one in the prerender. */
  children: ReactNode;
}

/**
 * The app's whole tree around its router. The prerender renders the very same tree around a static
 * router, so that the app hydrates the markup it wrote (decision 0031, ninth pass): React's ids
 * (`useId`) follow the tree's shape, and any other shape would not match.
 */
export function AppRoot({ queryClient, prerendered, children }: AppRootProps) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {children}
        {prerendered ? <AfterFirstRender /> : null}
      </AppProvider>
    </StrictMode>
  );
}
