import { api, freePlanLimits, paymentGraceDays } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { socketAddress, TestSocket } from '../live/live.test-support';
import { billingCalls } from './subscriptions.test-support';

// Subscriptions (docs/decisions/0034-subscriptions.md): the free plan's limits, Checkout and the
// portal through the SDK pointed at a local fake of Stripe, and the signed webhook's events.

const day = 24 * 60 * 60 * 1000;

describe('subscriptions with billing on', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let clock = Date.now();
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: fakeStripeEnv(stripe), now: () => clock });
    calls = billingCalls(t, stripe);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  let calls: ReturnType<typeof billingCalls>;
  const status = (user: TestUser) => calls.status(user);
  const post = (user: TestUser, path: string) => calls.post(user, path);
  const deliver = (event: { body: string; signature: string }) => calls.deliver(event);
  const subscribed = (user: TestUser) => calls.subscribed(user);
  const createCard = (user: TestUser, front: string) =>
    t.call({
      method: 'POST',
      url: api.cards.create.path,
      token: user.access,
      payload: { front, answers: ['x'], fromLanguageCode: 'es', toLanguageCode: 'en' },
    });
  const createCategory = (user: TestUser, name: string) =>
    t.call({
      method: 'POST',
      url: api.categories.create.path,
      token: user.access,
      payload: { name },
    });

  it('answers anonymous, learner, admin and disabled callers as each route’s access says', async () => {
    const learner = await createUser(t);
    const admin = await createUser(t, { role: 'admin', verified: true });
    const disabled = await createUser(t, { disabled: true });
    const callers = { anonymous: undefined, disabled, learner, admin };
    const expected: Record<string, Record<keyof typeof callers, number>> = {
      [api.subscription.status.path]: { anonymous: 401, disabled: 401, learner: 200, admin: 200 },
      // Neither has a customer yet: nothing to manage.
      [api.subscription.portal.path]: { anonymous: 401, disabled: 401, learner: 409, admin: 409 },
      [api.subscription.checkout.path]: { anonymous: 401, disabled: 401, learner: 200, admin: 200 },
      // Public: the signature, not a bearer, decides (none here).
      [api.subscription.webhook.path]: { anonymous: 400, disabled: 400, learner: 400, admin: 400 },
    };
    for (const [path, statuses] of Object.entries(expected)) {
      for (const [name, user] of Object.entries(callers)) {
        const res = await t.call({
          method: path === api.subscription.status.path ? 'GET' : 'POST',
          url: path,
          ...(user ? { token: user.access || 'not-a-token' } : {}),
          ...(path === api.subscription.webhook.path
            ? { headers: { 'content-type': 'application/json' }, payload: '{}' }
            : {}),
        });
        expect(`${path} as ${name}: ${res.status}`).toBe(
          `${path} as ${name}: ${statuses[name as keyof typeof callers]}`,
        );
        expect(res.code).toBe(
          ({ 200: 'ok', 400: 'invalid_input', 401: 'unauthorized', 409: 'conflict' } as const)[
            res.status as 200 | 400 | 401 | 409
          ],
        );
      }
    }
  });

  it('limits a free learner’s cards and categories with 402 plan_limit naming the limit', async () => {
    const learner = await createUser(t);
    expect(await status(learner)).toMatchObject({
      billing: true,
      plan: 'free',
      status: 'none',
      isFreeloaded: false,
      periodEnd: null,
      usage: [
        { name: 'cards', used: 0, limit: freePlanLimits.cards },
        { name: 'categories', used: 0, limit: freePlanLimits.categories },
      ],
    });
    for (let i = 0; i < freePlanLimits.categories; i++) {
      expect((await createCategory(learner, `c${i}`)).status).toBe(201);
    }
    const refused = await createCategory(learner, 'one too many');
    expect(refused.status).toBe(402);
    expect(refused.code).toBe('plan_limit');
    expect(refused.payload.issues).toEqual([
      { path: 'categories', message: expect.stringContaining('free plan allows 10 categories') },
    ]);
    const account = await t.call({
      method: 'GET',
      url: api.user.account.path,
      token: learner.access,
    });
    expect(account.payload['plan']).toBe('free');
  });

  it('lets an admin-granted learner (isFreeloaded) past the limits, and tells them premium', async () => {
    const learner = await createUser(t, { isFreeloaded: true });
    expect(await status(learner)).toMatchObject({ plan: 'premium', isFreeloaded: true });
    for (let i = 0; i <= freePlanLimits.categories; i++) {
      expect((await createCategory(learner, `c${i}`)).status).toBe(201);
    }
    // Nothing to buy.
    const checkout = await post(learner, api.subscription.checkout.path);
    expect(checkout.status).toBe(409);
  });

  it('subscribes through Checkout: a customer, a session URL, then the signed event makes premium live', async () => {
    const learner = await createUser(t);
    const portalBefore = await post(learner, api.subscription.portal.path);
    expect(portalBefore.status).toBe(409);
    const socket = await TestSocket.open(await socketAddress(t.app), learner.access);
    const checkout = await post(learner, api.subscription.checkout.path);
    expect(checkout.status).toBe(200);
    expect(String(checkout.payload['url'])).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
    const subscription = await subscribed(learner);
    await socket.next((event) => event.type === 'plan.changed' && event.data.plan === 'premium');
    socket.ws.close();
    expect(await status(learner)).toMatchObject({
      plan: 'premium',
      status: 'active',
      periodEnd: new Date(subscription.current_period_end * 1000).toISOString(),
      usage: [
        { name: 'cards', limit: null },
        { name: 'categories', limit: null },
      ],
    });
    for (let i = 0; i <= freePlanLimits.categories; i++) {
      expect((await createCategory(learner, `c${i}`)).status).toBe(201);
    }
    const portal = await post(learner, api.subscription.portal.path);
    expect(portal.status).toBe(200);
    expect(String(portal.payload['url'])).toContain(`${stripe.url}/portal`);
  });

  it('renews (a later period end), then cancels: free again, limits back', async () => {
    const learner = await createUser(t);
    const subscription = await subscribed(learner);
    const now = Math.floor(Date.now() / 1000);
    const renewed = {
      ...subscription,
      current_period_end: subscription.current_period_end + 30 * 86400,
    };
    expect(
      (
        await deliver(
          stripe.signed('customer.subscription.updated', renewed, { created: now + 10 }),
        )
      ).status,
    ).toBe(200);
    expect((await status(learner))['periodEnd']).toBe(
      new Date(renewed.current_period_end * 1000).toISOString(),
    );
    const socket = await TestSocket.open(await socketAddress(t.app), learner.access);
    const ended = { ...renewed, status: 'canceled' };
    await deliver(stripe.signed('customer.subscription.deleted', ended, { created: now + 20 }));
    await socket.next((event) => event.type === 'plan.changed' && event.data.plan === 'free');
    socket.ws.close();
    expect(await status(learner)).toMatchObject({ plan: 'free', status: 'canceled' });
    // An older update of the ended subscription arriving late does not bring it back.
    await deliver(stripe.signed('customer.subscription.updated', renewed, { created: now + 15 }));
    await deliver(stripe.signed('customer.subscription.updated', renewed, { created: now + 30 }));
    expect(await status(learner)).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('applies out-of-order events by their time: an older state never overwrites a newer one', async () => {
    const learner = await createUser(t);
    const subscription = await subscribed(learner);
    const now = Math.floor(Date.now() / 1000);
    const pastDue = { ...subscription, status: 'past_due' };
    const active = { ...subscription, status: 'active', cancel_at_period_end: true };
    // The newer (active, cancelling at period end) arrives first; the older past_due after it.
    await deliver(stripe.signed('customer.subscription.updated', active, { created: now + 50 }));
    await deliver(stripe.signed('customer.subscription.updated', pastDue, { created: now + 40 }));
    expect(await status(learner)).toMatchObject({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: true,
      graceUntil: null,
    });
  });

  it('applies two events of one subscription delivered at once by their time, whichever locks first', async () => {
    // Each round: the newer state and an older one of the same subscription, sent together.
    for (let round = 0; round < 8; round++) {
      const learner = await createUser(t);
      const subscription = await subscribed(learner);
      const now = Math.floor(Date.now() / 1000);
      const active = { ...subscription, status: 'active', cancel_at_period_end: true };
      const pastDue = { ...subscription, status: 'past_due' };
      const newer = stripe.signed('customer.subscription.updated', active, { created: now + 50 });
      const older = stripe.signed('customer.subscription.updated', pastDue, { created: now + 40 });
      const answers = await Promise.all(
        round % 2 === 0 ? [deliver(older), deliver(newer)] : [deliver(newer), deliver(older)],
      );
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(await status(learner)).toMatchObject({
        plan: 'premium',
        status: 'active',
        cancelAtPeriodEnd: true,
        graceUntil: null,
      });
    }
  });

  it('handles each event once by its id: a duplicate delivery changes nothing', async () => {
    const learner = await createUser(t);
    const subscription = await subscribed(learner);
    const now = Math.floor(Date.now() / 1000);
    const deleted = stripe.signed(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled' },
      { created: now + 5 },
    );
    const first = await deliver(deleted);
    expect(first.payload).toEqual({ received: true, duplicate: false });
    // A new subscription after it, then the same deletion delivered again: still premium.
    const again = await subscribed(learner);
    expect((await status(learner))['plan']).toBe('premium');
    const second = await deliver(deleted);
    expect(second.payload).toEqual({ received: true, duplicate: true });
    expect(await status(learner)).toMatchObject({ plan: 'premium', status: 'active' });
    // The old subscription's deletion under a new event id does not end the new one either.
    await deliver(
      stripe.signed(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        { created: now + 100 },
      ),
    );
    expect(await status(learner)).toMatchObject({ plan: 'premium', status: 'active' });
    expect(again.id).not.toBe(subscription.id);
  });

  it('keeps premium for the grace period after a failed payment, then free; a payment ends the grace', async () => {
    const learner = await createUser(t);
    const subscription = await subscribed(learner);
    const now = Math.floor(Date.now() / 1000);
    const invoice = (created: number) => calls.paymentFailed(subscription, created);
    await deliver(invoice(now + 10));
    const inGrace = await status(learner);
    expect(inGrace).toMatchObject({ plan: 'premium', status: 'past_due' });
    expect(Date.parse(String(inGrace['graceUntil']))).toBe(
      (now + 10) * 1000 + paymentGraceDays * day,
    );
    // A second failure does not extend it.
    await deliver(invoice(now + 20));
    expect((await status(learner))['graceUntil']).toBe(inGrace['graceUntil']);
    // The grace ends: free, the limits apply.
    const saved = clock;
    clock = (now + 10) * 1000 + paymentGraceDays * day + 1000;
    try {
      // Signed in again: the first access token expired meanwhile.
      const later = {
        ...learner,
        access: (await signIn(t, learner.username, learner.password)).access,
      };
      expect((await status(later))['plan']).toBe('free');
      for (let i = 0; i < freePlanLimits.categories; i++) await createCategory(later, `c${i}`);
      expect((await createCategory(later, 'over')).status).toBe(402);
    } finally {
      clock = saved;
    }
    // Paid after all: active, no grace.
    await deliver(
      stripe.signed('customer.subscription.updated', subscription, { created: now + 30 }),
    );
    expect(await status(learner)).toMatchObject({
      plan: 'premium',
      status: 'active',
      graceUntil: null,
    });
  });

  it('shows a paying learner as premium in the admin’s users list, a free one as free', async () => {
    const admin = await createUser(t, { role: 'admin', verified: true });
    const paying = await createUser(t);
    await subscribed(paying);
    const free = await createUser(t);
    for (const [user, plan] of [
      [paying, 'premium'],
      [free, 'free'],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: `${api.admin.users.path}?q=${encodeURIComponent(user.username)}`,
        token: admin.access,
      });
      expect(res.status).toBe(200);
      expect(res.payload['items']).toEqual([expect.objectContaining({ id: user.id, plan })]);
    }
  });

  it('keeps isFreeloaded through every subscription event', async () => {
    const learner = await createUser(t, { isFreeloaded: true });
    // A freeloaded learner may not check out; their customer appears through an old checkout.
    const subscription = stripe.subscribe('cus_of_freeloaded', learner.id);
    const now = Math.floor(Date.now() / 1000);
    await deliver(stripe.signed('customer.subscription.updated', subscription, { created: now }));
    await deliver(
      stripe.signed(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        { created: now + 1 },
      ),
    );
    expect(await status(learner)).toMatchObject({
      plan: 'premium',
      isFreeloaded: true,
      status: 'canceled',
    });
    const info = await t.call({ method: 'GET', url: api.user.info.path, token: learner.access });
    expect(info.payload['isFreeloaded']).toBe(true);
  });

  it('refuses a bad signature, a missing one, or one made with another secret: 400, nothing changed', async () => {
    const learner = await createUser(t);
    const subscription = stripe.subscribe('cus_bad_signature', learner.id);
    const good = stripe.signed('customer.subscription.updated', subscription);
    const tampered = {
      body: good.body.replace('"active"', '"trialing"'),
      signature: good.signature,
    };
    const otherSecret = stripe.signed('customer.subscription.updated', subscription, {
      secret: 'whsec_not_ours',
    });
    for (const event of [tampered, otherSecret, { body: good.body, signature: 't=1,v1=00' }]) {
      const res = await deliver(event);
      expect(res.status).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe('stripe-signature');
    }
    const unsigned = await t.call({
      method: 'POST',
      url: api.subscription.webhook.path,
      headers: { 'content-type': 'application/json' },
      payload: good.body,
    });
    expect(unsigned.status).toBe(400);
    expect(await status(learner)).toMatchObject({ plan: 'free', status: 'none' });
    // The event was not recorded: delivered properly now, it is handled.
    expect((await deliver(good)).payload).toEqual({ received: true, duplicate: false });
    expect((await status(learner))['plan']).toBe('premium');
  });

  it('counts the free limit on the owner’s transaction: parallel creates never overshoot', async () => {
    const learner = await createUser(t);
    for (let i = 0; i < freePlanLimits.cards - 2; i++) {
      // Import would be faster; the limit is what is tested, creates are what races.
      expect((await createCard(learner, `w${i}`)).status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createCard(learner, `race${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 402, 402, 402, 402]);
    expect((await status(learner))['usage']).toContainEqual({
      name: 'cards',
      used: freePlanLimits.cards,
      limit: freePlanLimits.cards,
    });
  });
});

describe('subscriptions with billing off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives everyone premium without limits, sells nothing, and has no webhook', async () => {
    const learner = await createUser(t);
    const res = await t.call({
      method: 'GET',
      url: api.subscription.status.path,
      token: learner.access,
    });
    expect(res.payload).toMatchObject({
      billing: false,
      plan: 'premium',
      status: 'off',
      usage: [
        { name: 'cards', used: 0, limit: null },
        { name: 'categories', used: 0, limit: null },
      ],
    });
    for (const path of [api.subscription.checkout.path, api.subscription.portal.path]) {
      const refused = await t.call({ method: 'POST', url: path, token: learner.access });
      expect(refused.status).toBe(409);
      expect(refused.payload.issues?.[0]?.path).toBe('billing');
    }
    const webhook = await t.call({
      method: 'POST',
      url: api.subscription.webhook.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(webhook.status).toBe(404);
  });
});
