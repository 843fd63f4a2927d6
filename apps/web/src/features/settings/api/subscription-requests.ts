import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Under the user's key: a `plan.changed` event refetches it (lib/live-updates.ts). */
export const subscriptionQueryKey = ['user', 'subscription'] as const;

/** GET /api/subscription: plan, status, period end, usage against each limit. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => apiRequest(api.subscription.status, { signal }),
    // Usage changes with every card made elsewhere: read again whenever the tab is shown.
    refetchOnMount: 'always',
  });
}

export const useSubscription = () => useQuery(subscriptionQueryOptions());

/** Sends the browser to Stripe's page (Checkout or the portal); it comes back to the tab. */
function goTo(url: string) {
  window.location.assign(url);
}

/** POST /api/subscription/checkout, then to Checkout. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: () => apiRequest(api.subscription.checkout),
    onSuccess: ({ url }) => goTo(url),
  });
}

/** POST /api/subscription/portal, then to the customer portal. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: () => apiRequest(api.subscription.portal),
    onSuccess: ({ url }) => goTo(url),
  });
}
