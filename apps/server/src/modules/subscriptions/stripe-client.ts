import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The Stripe SDK for these settings (one per app's config): at Stripe's own address, or at
 * STRIPE_API_URL (the local fake of the tests and the e2e journey).
 */
export function stripeOf(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const at = config.apiUrl ? new URL(config.apiUrl) : undefined;
    client = new Stripe(config.secretKey, {
      telemetry: false,
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(at
        ? {
            host: at.hostname,
            port: Number(at.port || (at.protocol === 'https:' ? 443 : 80)),
            protocol: at.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}
