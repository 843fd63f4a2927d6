import { api } from '@glossa/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { FakeStripe, FakeSubscription } from '../../../test/fake-stripe';
import type { TestUser } from '../../../test/factories';

/** The subscription calls of the tests, on an app with billing on against the fake of Stripe. */
export function billingCalls(t: TestApp, stripe: FakeStripe) {
  const status = async (user: TestUser) => {
    const res = await t.call({
      method: 'GET',
      url: api.subscription.status.path,
      token: user.access,
    });
    expect(res.status).toBe(200);
    return res.payload;
  };
  const post = (user: TestUser, path: string) =>
    t.call({ method: 'POST', url: path, token: user.access });
  const deliver = (event: { body: string; signature: string }) =>
    t.call({
      method: 'POST',
      url: api.subscription.webhook.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });

  /** A learner who went through checkout: their customer and subscription in the fake. */
  async function subscribed(user: TestUser): Promise<FakeSubscription> {
    const checkout = await post(user, api.subscription.checkout.path);
    expect(checkout.status).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === user.id);
    if (!session) throw new Error('no session');
    const subscription = stripe.subscribe(session.customer, user.id);
    const res = await deliver(
      stripe.signed('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: session.customer,
        client_reference_id: user.id,
        subscription: subscription.id,
      }),
    );
    expect(res.status).toBe(200);
    return subscription;
  }

  /** `invoice.payment_failed` of the subscription's renewal, made by Stripe at `created` (s). */
  const paymentFailed = (subscription: FakeSubscription, created: number) =>
    stripe.signed(
      'invoice.payment_failed',
      {
        id: `in_${created}`,
        object: 'invoice',
        customer: subscription.customer,
        parent: { subscription_details: { subscription: subscription.id } },
      },
      { created },
    );

  return { status, post, deliver, subscribed, paymentFailed };
}
