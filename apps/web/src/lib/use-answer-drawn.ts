import { useDeferredValue } from 'react';

/**
 * Whether what a query's answer draws may be drawn yet: false in the render its arrival causes,
 * true in the one React makes right after. TanStack Query updates its components through
 * `useSyncExternalStore`, which React always renders at once, in one long task; gated on this, the
 * answer's (large) part is drawn in a background render instead, in slices of about 5 ms that
 * leave the main thread free (decision 0031, sixth pass). Gate every part the answer adds on it,
 * the heading's too: a part drawn above a spinner that is still there pushes it down (a layout
 * shift). A component mounted with the answer in the cache draws it at once.
 */
export function useAnswerDrawn(isPending: boolean): boolean {
  return useDeferredValue(!isPending) && !isPending;
}
