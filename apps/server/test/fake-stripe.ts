import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the few Stripe API calls the app makes (customers, Checkout and portal
 * sessions, reading a subscription), so that tests and the e2e journey run without the internet:
 * the app's SDK is pointed at it (STRIPE_API_URL). Its Checkout page "pays" at once: it makes an
 * active subscription, posts `checkout.session.completed` to the app's webhook signed with the
 * SDK's own test-header helper, and redirects the browser back to the session's success URL.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  subscriptions: Map<string, FakeSubscription>;
  sessions: Map<string, FakeSession>;
  /** Where the Checkout page posts its event (the app's webhook). */
  webhookUrl: string | undefined;
  /** An event of `type` about `object`, as Stripe would send it: its body and signature header. */
  signed(
    type: string,
    object: object,
    options?: { id?: string; created?: number; secret?: string },
  ): { body: string; signature: string; id: string };
  /** Makes the subscription a Checkout would (active, a month paid): it is returned. */
  subscribe(customer: string, userId: string): FakeSubscription;
  close(): Promise<void>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: number;
  items: { object: 'list'; data: { id: string; current_period_end: number }[] };
  metadata: Record<string, string>;
}

interface FakeSession {
  id: string;
  customer: string;
  client_reference_id: string;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const month = 30 * 24 * 60 * 60;

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeStripe(
  options: { webhookUrl?: string; port?: number } = {},
): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake';
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const sdk = new Stripe(secretKey);
  const subscriptions = new Map<string, FakeSubscription>();
  const sessions = new Map<string, FakeSession>();
  let base = '';

  const fake: FakeStripe = {
    url: '',
    secretKey,
    webhookSecret,
    priceId: 'price_fake_premium',
    subscriptions,
    sessions,
    webhookUrl: options.webhookUrl,
    signed(type, object, { id: eventId = id('evt'), created, secret = webhookSecret } = {}) {
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-03-31.basil',
        created: created ?? Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, signature, id: eventId };
    },
    subscribe(customer, userId) {
      const end = Math.floor(Date.now() / 1000) + month;
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        current_period_end: end,
        items: { object: 'list', data: [{ id: id('si'), current_period_end: end }] },
        metadata: { userId },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const path = url.pathname;
      if (request.method === 'POST' && path === '/v1/customers') {
        const form = await readForm(request);
        json(response, 200, {
          id: id('cus'),
          object: 'customer',
          email: form.get('email'),
          metadata: { userId: form.get('metadata[userId]') },
        });
      } else if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const form = await readForm(request);
        const session: FakeSession = {
          id: id('cs'),
          customer: form.get('customer') ?? '',
          client_reference_id: form.get('client_reference_id') ?? '',
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          subscription: null,
        };
        sessions.set(session.id, session);
        json(response, 200, {
          id: session.id,
          object: 'checkout.session',
          mode: 'subscription',
          url: `${base}/pay/${session.id}`,
        });
      } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const form = await readForm(request);
        json(response, 200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: form.get('customer'),
          url: `${base}/portal?return=${encodeURIComponent(form.get('return_url') ?? '')}`,
        });
      } else if (request.method === 'GET' && path.startsWith('/v1/subscriptions/')) {
        const subscription = subscriptions.get(decodeURIComponent(path.split('/')[3] ?? ''));
        if (subscription) json(response, 200, subscription);
        else
          json(response, 404, {
            error: { type: 'invalid_request_error', message: 'No such subscription' },
          });
      } else if (request.method === 'GET' && path.startsWith('/pay/')) {
        // The Checkout page: paid at once, the event posted, back to the app.
        const session = sessions.get(path.slice('/pay/'.length));
        if (!session) {
          response.writeHead(404).end('No such session');
          return;
        }
        const subscription = fake.subscribe(session.customer, session.client_reference_id);
        session.subscription = subscription.id;
        if (fake.webhookUrl) {
          const event = fake.signed('checkout.session.completed', {
            id: session.id,
            object: 'checkout.session',
            mode: 'subscription',
            customer: session.customer,
            client_reference_id: session.client_reference_id,
            subscription: subscription.id,
            payment_status: 'paid',
            metadata: { userId: session.client_reference_id },
          });
          await fetch(fake.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.body,
          });
        }
        response.writeHead(303, { location: session.success_url }).end();
      } else if (request.method === 'GET' && path === '/portal') {
        response.writeHead(303, { location: url.searchParams.get('return') ?? '/' }).end();
      } else {
        json(response, 404, { error: { type: 'invalid_request_error', message: `No ${path}` } });
      }
    })().catch((error: unknown) => {
      json(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}

/** The app's settings for billing on against this fake. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    BILLING: 'on',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_ID: fake.priceId,
    STRIPE_API_URL: fake.url,
  };
}
