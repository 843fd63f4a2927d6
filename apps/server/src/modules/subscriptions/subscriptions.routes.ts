import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { openPortal, startCheckout } from './checkout.service';
import { getSubscriptionStatus } from './subscriptions.service';
import { receiveWebhook } from './webhook.service';

export const subscriptionsRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.subscription.status, ({ auth }) => getSubscriptionStatus(deps, auth.userId));
  addRoute(app, api.subscription.checkout, ({ auth }) => startCheckout(deps, auth.userId));
  addRoute(app, api.subscription.portal, ({ auth }) => openPortal(deps, auth.userId));
  addRoute(app, api.subscription.webhook, ({ body, request }) =>
    receiveWebhook(deps, body, request.headers['stripe-signature']),
  );
};
