import { liveEvent, paymentGraceDays, type SocketEvent } from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { testDatabaseKind } from '../../../test/test-database';
import { buildApp } from '../../app';
import { socketAddress, TestSocket } from '../live/live.test-support';
import {
  endGracePeriods,
  graceEndCheckMs,
  pruneStripeEvents,
} from './subscriptions-upkeep.service';
import { eventRecorded } from './subscriptions.repository';
import { billingCalls } from './subscriptions.test-support';

// What subscriptions do on a clock (docs/decisions/0034-subscriptions.md, addendum): the end of a
// grace period announced once to the learner's tabs, on every instance; old webhook events pruned.

const day = 24 * 60 * 60 * 1000;
const graceMs = paymentGraceDays * day;
const testPasswordCost = { memoryCost: 1024, timeCost: 1 };

const planEvents = (socket: TestSocket) =>
  socket
    .ofType('plan.changed')
    .map((event) => (event as Extract<SocketEvent, { type: 'plan.changed' }>).data.plan);

describe('the end of a grace period', () => {
  let t: TestApp;
  /** A second instance on the same database (PostgreSQL only), as a second process would be. */
  let other: FastifyInstance | undefined;
  let stripe: FakeStripe;
  let calls: ReturnType<typeof billingCalls>;
  let clock = Date.now();
  /** Where sockets connect: one address per instance (the same twice on SQLite). */
  let addressA: string;
  let addressB: string;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: fakeStripeEnv(stripe), now: () => clock });
    if (testDatabaseKind() === 'postgres') {
      other = await buildApp(t.config, { passwordCost: testPasswordCost, now: () => clock });
    }
    calls = billingCalls(t, stripe);
    addressA = await socketAddress(t.app);
    addressB = other ? await socketAddress(other) : addressA;
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
    await stripe.close();
  });
  beforeEach(() => {
    clock = Date.now();
  });

  /** Every instance's round at once, as their clocks would run them (two on the one SQLite app). */
  const roundsEverywhere = () =>
    Promise.all([endGracePeriods(t.app.deps), endGracePeriods((other ?? t.app).deps)]);

  let barriers = 0;
  /**
   * Resolves once every event published so far has reached these sockets: one more event for
   * their learner goes through the bus after them, and is awaited on each.
   */
  async function everythingDelivered(userId: string, sockets: TestSocket[]) {
    await t.idle();
    await other?.deps.background.idle();
    const mark = `barrier${++barriers}`;
    t.app.deps.live.publish(liveEvent('settings.changed', { scope: 'user', fields: [mark] }), {
      kind: 'user',
      userId,
    });
    for (const socket of sockets) {
      await socket.next((e) => e.type === 'settings.changed' && e.data.fields.includes(mark));
    }
  }

  /**
   * The learner's tabs: one on each instance (two on the one instance of SQLite), counted from
   * once everything published before they opened has gone through: on PostgreSQL the bus may
   * bring a tab the event of a step before it (the checkout's `plan.changed`), after it opened.
   */
  const openTabs = async (user: TestUser) => {
    const tabs = [
      await TestSocket.open(addressA, user.access),
      await TestSocket.open(addressB, user.access),
    ];
    await everythingDelivered(user.id, tabs);
    for (const tab of tabs) tab.events.length = 0;
    return tabs;
  };

  /** Their plan as the API reads it now (signed in again: the clock moved past their token). */
  const planNow = async (user: TestUser) => {
    const { access } = await signIn(t, user.username, user.password);
    return calls.status({ ...user, access });
  };

  it('tells each of the learner’s tabs once, on any instance, that the plan is free; a new grace is told again', async () => {
    const learner = await createUser(t);
    const stranger = await createUser(t);
    const subscription = await calls.subscribed(learner);
    const tabs = await openTabs(learner);
    const strangerTab = await TestSocket.open(addressA, stranger.access);
    const created = Math.floor(Date.now() / 1000);
    await calls.deliver(calls.paymentFailed(subscription, created + 10));
    const graceEnd = (created + 10) * 1000 + graceMs;

    // A second before its end: nothing to tell.
    clock = graceEnd - 1000;
    await roundsEverywhere();
    await everythingDelivered(learner.id, tabs);
    expect(tabs.map(planEvents)).toEqual([[], []]);

    // Over: both instances' rounds at once, then once more; each tab is told once.
    clock = graceEnd + 1000;
    await roundsEverywhere();
    await roundsEverywhere();
    await everythingDelivered(learner.id, tabs);
    expect(tabs.map(planEvents)).toEqual([['free'], ['free']]);
    expect(await planNow(learner)).toMatchObject({ plan: 'free', status: 'past_due' });
    await everythingDelivered(stranger.id, [strangerTab]);
    expect(planEvents(strangerTab)).toEqual([]);

    // Paid again (premium, told by the webhook), then a new failure: its end is told again.
    await calls.deliver(
      stripe.signed('customer.subscription.updated', subscription, { created: created + 30 }),
    );
    await calls.deliver(calls.paymentFailed(subscription, created + 40));
    clock = (created + 40) * 1000 + graceMs + 1000;
    await roundsEverywhere();
    await everythingDelivered(learner.id, tabs);
    expect(tabs.map(planEvents)).toEqual([
      ['free', 'premium', 'free'],
      ['free', 'premium', 'free'],
    ]);
    expect(await planNow(learner)).toMatchObject({ plan: 'free', status: 'past_due' });
    for (const socket of [...tabs, strangerTab]) socket.close();
  });

  it('tells nothing when the plan stays premium (an admin’s grant) at the end of the grace', async () => {
    const learner = await createUser(t, { isFreeloaded: true });
    const subscription = stripe.subscribe(`cus_granted_${learner.id}`, learner.id);
    const created = Math.floor(Date.now() / 1000);
    await calls.deliver(stripe.signed('customer.subscription.updated', subscription, { created }));
    await calls.deliver(calls.paymentFailed(subscription, created + 10));
    const tabs = await openTabs(learner);
    clock = (created + 10) * 1000 + graceMs + 1000;
    await roundsEverywhere();
    await everythingDelivered(learner.id, tabs);
    expect(tabs.map(planEvents)).toEqual([[], []]);
    expect(await planNow(learner)).toMatchObject({ plan: 'premium', isFreeloaded: true });
    for (const socket of tabs) socket.close();
  });

  it('a webhook after the end, before the round, tells it once: the round then has nothing left', async () => {
    const learner = await createUser(t);
    const subscription = await calls.subscribed(learner);
    const created = Math.floor(Date.now() / 1000);
    await calls.deliver(calls.paymentFailed(subscription, created + 10));
    const tabs = await openTabs(learner);
    clock = (created + 10) * 1000 + graceMs + 1000;
    // Free before the deletion and free after it: without the grace's end it would tell nothing.
    const deleted = await calls.deliver(
      stripe.signed(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        { created: created + 20 },
      ),
    );
    expect(deleted.payload).toEqual({ received: true, duplicate: false });
    await roundsEverywhere();
    await everythingDelivered(learner.id, tabs);
    expect(tabs.map(planEvents)).toEqual([['free'], ['free']]);
    expect(await planNow(learner)).toMatchObject({ plan: 'free', status: 'canceled' });
    for (const socket of tabs) socket.close();
  });
  it('a webhook at the same moment as the rounds: the end is told once, by one of them', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      clock = Date.now();
      const learner = await createUser(t);
      const subscription = await calls.subscribed(learner);
      const created = Math.floor(Date.now() / 1000);
      await calls.deliver(calls.paymentFailed(subscription, created + 10));
      const tabs = await openTabs(learner);
      clock = (created + 10) * 1000 + graceMs + 1000;
      const deleted = stripe.signed(
        'customer.subscription.deleted',
        { ...subscription, status: 'canceled' },
        { created: created + 20 },
      );
      await Promise.all([calls.deliver(deleted), roundsEverywhere()]);
      await everythingDelivered(learner.id, tabs);
      expect(tabs.map(planEvents)).toEqual([['free'], ['free']]);
      for (const socket of tabs) socket.close();
    }
  });
});

describe('the app’s clock', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let clock = Date.now();
  beforeAll(async () => {
    // Only the intervals are the test's: the app's every-minute round is moved on by hand, and
    // the sockets' heartbeat and checks are out of the way.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: fakeStripeEnv(stripe),
      now: () => clock,
      liveLimits: { heartbeatMs: 60 * 60_000, recheckMs: 60 * 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    vi.useRealTimers();
  });

  it('runs the round each minute: the tab hears of the grace’s end without anyone calling', async () => {
    const calls = billingCalls(t, stripe);
    const learner = await createUser(t);
    const subscription = await calls.subscribed(learner);
    const created = Math.floor(Date.now() / 1000);
    await calls.deliver(calls.paymentFailed(subscription, created));
    const tab = await TestSocket.open(await socketAddress(t.app), learner.access);
    clock = created * 1000 + graceMs + 1000;
    await vi.advanceTimersByTimeAsync(graceEndCheckMs);
    await tab.next((e) => e.type === 'plan.changed' && e.data.plan === 'free');
    tab.close();
  });
});

describe('old webhook events', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let clock = Date.now();
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ env: fakeStripeEnv(stripe), now: () => clock });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('are deleted 30 days after they came, in batches; a recent one redelivered is still a duplicate', async () => {
    const calls = billingCalls(t, stripe);
    const start = clock;
    // Events the app records and otherwise ignores.
    const event = () => stripe.signed('customer.created', { id: 'cus_none', object: 'customer' });
    const old = event();
    expect((await calls.deliver(old)).payload).toEqual({ received: true, duplicate: false });
    // A backlog of older ones, more than one batch's worth.
    await t.app.deps.db
      .insertInto('stripe_events')
      .values(
        Array.from({ length: 2500 }, (_, i) => ({
          id: `evt_backlog_${i}`,
          type: 'customer.created',
          received_at: start - day - i,
        })),
      )
      .execute();
    // 29 days old at the pruning: within Stripe's 30 days of sending it again.
    clock = start + 2 * day;
    const recent = event();
    await calls.deliver(recent);

    clock = start + 31 * day;
    await pruneStripeEvents(t.app.deps);
    const { count } = await t.app.deps.db
      .selectFrom('stripe_events')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
    expect(await eventRecorded(t.app.deps.db, recent.id)).toBe(true);
    expect(await eventRecorded(t.app.deps.db, old.id)).toBe(false);
    expect((await calls.deliver(recent)).payload).toEqual({ received: true, duplicate: true });
    // Stripe holds no event this old to send again; had it one, it would be handled once more.
    expect((await calls.deliver(old)).payload).toEqual({ received: true, duplicate: false });
  });
});
