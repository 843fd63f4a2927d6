import { route } from '../route';
import {
  subscriptionRedirectSchema,
  subscriptionStatusSchema,
  webhookReceiptSchema,
} from '../subscription';

/** Plans and payments (docs/decisions/0034-subscriptions.md). */
export const subscription = {
  status: route({
    method: 'GET',
    path: '/api/subscription',
    access: 'user',
    summary: 'The plan, its status, the period end and usage against each limit',
    responses: { 200: subscriptionStatusSchema },
  }),
  checkout: route({
    method: 'POST',
    path: '/api/subscription/checkout',
    access: 'user',
    summary: 'A Stripe Checkout page to subscribe to premium (409 when there is nothing to buy)',
    responses: { 200: subscriptionRedirectSchema },
  }),
  portal: route({
    method: 'POST',
    path: '/api/subscription/portal',
    access: 'user',
    summary: 'The Stripe customer portal, to manage or cancel the subscription',
    responses: { 200: subscriptionRedirectSchema },
  }),
  webhook: route({
    method: 'POST',
    path: '/api/subscription/webhook',
    access: 'public',
    summary: 'Stripe events, signed (Stripe-Signature); each handled once by its id',
    rawBody: true,
    bodyLimit: 256 * 1024,
    responses: { 200: webhookReceiptSchema },
  }),
};
