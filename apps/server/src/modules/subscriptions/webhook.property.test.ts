import { api, errorEnvelopeSchema } from '@glossa/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createUser, type TestUser } from '../../../test/factories';

// The webhook with billing on, fuzzed past its signature: the generated suite (test/fuzz) meets
// it with billing off (404) and could never sign a body. Here every body is an event signed with
// the right secret, of the handled types and others, whose object holds anything where the
// handler reads: it answers 200 or the envelope, never a 5xx, and the learners' plans stay valid.

const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('signed webhook events of any shape', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let learner: TestUser;
  const known: string[] = [];
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: fakeStripeEnv(stripe), durable: false });
    learner = await createUser(t);
    const checkout = await t.call({
      method: 'POST',
      url: api.subscription.checkout.path,
      token: learner.access,
    });
    expect(checkout.status).toBe(200);
    const session = [...stripe.sessions.values()][0];
    if (!session) throw new Error('no session');
    known.push(session.customer, stripe.subscribe(session.customer, learner.id).id, learner.id);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('answer 200 or the error envelope, never a 5xx', async () => {
    const field = fc.oneof(
      value,
      fc.constantFrom(...known),
      fc.record({ id: fc.constantFrom(...known) }),
    );
    const object = fc.record(
      {
        id: field,
        object: fc.constantFrom('subscription', 'invoice', 'checkout.session'),
        customer: field,
        subscription: field,
        client_reference_id: field,
        mode: fc.constantFrom('subscription', 'payment', 42),
        status: fc.oneof(
          fc.constantFrom('active', 'past_due', 'canceled', 'unpaid', 'trialing', 'paused'),
          value,
        ),
        current_period_end: fc.oneof(fc.integer({ min: 0, max: 2 ** 31 }), fc.double(), value),
        cancel_at_period_end: value,
        items: fc.oneof(
          value,
          fc.record({ data: fc.array(fc.record({ current_period_end: value })) }),
        ),
        metadata: fc.oneof(value, fc.record({ userId: field })),
        parent: fc.oneof(
          value,
          fc.record({ subscription_details: fc.record({ subscription: field }) }),
        ),
      },
      { requiredKeys: [] },
    );
    const type = fc.oneof(
      fc.constantFrom(
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.payment_failed',
      ),
      fc.string({ maxLength: 20 }),
    );
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        type,
        object,
        fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double()),
        async (kind, data, created) => {
          const event = stripe.signed(kind, data, { created });
          const res = await t.call({
            method: 'POST',
            url: api.subscription.webhook.path,
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            payload: event.body,
          });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200) {
            expect(res.status).toBeLessThan(500);
            expect(errorEnvelopeSchema.safeParse(res.raw.json()).success).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    // Past the signature: every event was read and answered (none refused as unsigned).
    expect(statuses).toEqual({ 200: 300 });
    const status = await t.call({
      method: 'GET',
      url: api.subscription.status.path,
      token: learner.access,
    });
    expect(status.status).toBe(200);
  });
});
