import {
  freePlanLimits,
  liveEvent,
  paymentGraceDays,
  planLimitNames,
  subscriptionStateSchema,
  type Plan,
  type PlanLimitName,
  type SubscriptionRedirect,
  type SubscriptionState,
  type SubscriptionStatus,
  type WebhookReceipt,
} from '@glossa/contract';
import Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import { lockOwner, requireUser } from '../users/users.service';
import { stripeOf } from './stripe-client';
import {
  countUsage,
  findSubscription,
  findSubscriptionsOf,
  insertCustomer,
  markGraceEnded,
  recordEvent,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

// Plans and payments (docs/decisions/0034-subscriptions.md). The plan is computed, never stored:
// premium when billing is off, when an admin granted it (isFreeloaded), or while the subscription
// is active (or in its grace period after a failed payment).

/** What deciding a learner's plan needs of the app. */
export type PlanContext = Pick<AppDeps, 'config' | 'now'>;

const day = 24 * 60 * 60 * 1000;
const graceMs = paymentGraceDays * day;
const paidStates = new Set<string>(['active', 'trialing']);
/** A payment failed: premium until the grace period ends. */
export const graceStatuses = ['past_due', 'unpaid'] as const;
const graceStates = new Set<string>(graceStatuses);
/** A subscription in these never comes back (Stripe makes a new one instead). */
const endedStates = new Set<string>(['canceled', 'incomplete_expired']);

type PlanFacts = Pick<SubscriptionRow, 'status' | 'grace_until'> | undefined;

function planFrom(
  plan: PlanContext,
  isFreeloaded: boolean,
  subscription: PlanFacts,
  now: number,
): Plan {
  if (!plan.config.billing || isFreeloaded) return 'premium';
  if (!subscription) return 'free';
  if (paidStates.has(subscription.status)) return 'premium';
  if (graceStates.has(subscription.status) && (subscription.grace_until ?? 0) > now)
    return 'premium';
  return 'free';
}

/** The learner's plan now, read on `db` (a transaction's, to read under its locks). */
export async function currentPlan(plan: PlanContext, db: Db, userId: string): Promise<Plan> {
  if (!plan.config.billing) return 'premium';
  const user = await requireUser(db, userId);
  return planFrom(
    plan,
    user.is_freeloaded === 1,
    await findSubscription(db, { userId }),
    plan.now(),
  );
}

/** The plans of several learners at once (the admin's users list, one query for its page). */
export async function plansOf(
  plan: PlanContext,
  db: Db,
  users: readonly { id: string; is_freeloaded: number }[],
): Promise<Map<string, Plan>> {
  const subscriptions = plan.config.billing
    ? new Map(
        (
          await findSubscriptionsOf(
            db,
            users.map((user) => user.id),
          )
        ).map((row) => [row.user_id, row]),
      )
    : new Map<string, SubscriptionRow>();
  const now = plan.now();
  return new Map(
    users.map((user) => [
      user.id,
      planFrom(plan, user.is_freeloaded === 1, subscriptions.get(user.id), now),
    ]),
  );
}

/**
 * Refuses (402 `plan_limit`, the issue's path naming the limit) a write that would take a free
 * learner past a limit of the free plan: `total` is what they would own after it. Call it on the
 * inserting transaction after the owner's lock (cards' and categories' assertRoomFor…), so that
 * concurrent writes count one after the other and cannot overshoot.
 */
export async function assertPlanRoom(
  plan: PlanContext,
  db: Db,
  ownerId: string,
  name: PlanLimitName,
  total: number,
): Promise<void> {
  if (!plan.config.billing) return;
  const limit = freePlanLimits[name];
  if (total <= limit) return;
  if ((await currentPlan(plan, db, ownerId)) === 'premium') return;
  const message = `The free plan allows ${limit.toLocaleString('en')} ${name}: upgrade to premium for more`;
  throw new AppError('plan_limit', message, [{ path: name, message }]);
}

/**
 * Marks the end of the learner's grace period as announced, if it is over at `now` and was not
 * announced yet: true for the one caller (the clock's round on any instance, or a webhook of the
 * learner's) that must then tell their tabs that premium ended.
 */
export function claimGraceEnd(db: Db, userId: string, now: number): Promise<boolean> {
  return markGraceEnded(db, userId, graceStatuses, now);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function stateOf(status: string): SubscriptionState {
  const parsed = subscriptionStateSchema.safeParse(status);
  return parsed.success ? parsed.data : 'none';
}

/** GET /api/subscription */
export async function getSubscriptionStatus(
  deps: AppDeps,
  userId: string,
): Promise<SubscriptionStatus> {
  const user = await requireUser(deps.db, userId);
  const [row, usage] = await Promise.all([
    findSubscription(deps.db, { userId }),
    countUsage(deps.db, userId),
  ]);
  const isFreeloaded = user.is_freeloaded === 1;
  const plan = planFrom(deps, isFreeloaded, row, deps.now());
  return {
    billing: deps.config.billing,
    plan,
    status: deps.config.billing ? stateOf(row?.status ?? 'none') : 'off',
    isFreeloaded,
    periodEnd: iso(row?.period_end ?? null),
    cancelAtPeriodEnd: row?.cancel_at_period_end === 1,
    graceUntil: row && graceStates.has(row.status) ? iso(row.grace_until) : null,
    usage: planLimitNames.map((name) => ({
      name,
      used: usage[name],
      limit: plan === 'free' ? freePlanLimits[name] : null,
    })),
  };
}

function requireBilling(deps: AppDeps): Stripe {
  const stripe = deps.config.stripe && deps.config.billing ? stripeOf(deps.config.stripe) : null;
  if (!stripe) {
    throw conflict(
      'billing',
      'Billing is off on this instance: every account has premium, there is nothing to buy',
    );
  }
  return stripe;
}

const returnUrl = (deps: AppDeps, outcome?: string) =>
  `${deps.config.publicUrl}/app/settings/subscription${outcome ? `?checkout=${outcome}` : ''}`;

/** The learner's Stripe customer, made on their first checkout. */
async function customerOf(deps: AppDeps, stripe: Stripe, userId: string): Promise<string> {
  const known = await findSubscription(deps.db, { userId });
  if (known) return known.customer_id;
  const user = await requireUser(deps.db, userId);
  const customer = await stripe.customers.create({
    email: user.email,
    metadata: { userId },
  });
  const now = deps.now();
  const inserted = await insertCustomer(deps.db, {
    user_id: userId,
    customer_id: customer.id,
    subscription_id: null,
    status: 'none',
    period_end: null,
    cancel_at_period_end: 0,
    grace_until: null,
    state_at: 0,
    updated_at: now,
  });
  if (inserted) return customer.id;
  // Another checkout of theirs made one first: use that one (this one stays unused in Stripe).
  const row = await findSubscription(deps.db, { userId });
  if (!row) throw notFound('This account is gone');
  return row.customer_id;
}

/** POST /api/subscription/checkout */
export async function startCheckout(deps: AppDeps, userId: string): Promise<SubscriptionRedirect> {
  const stripe = requireBilling(deps);
  if ((await currentPlan(deps, deps.db, userId)) === 'premium') {
    throw conflict('plan', 'Your account has premium already');
  }
  const customer = await customerOf(deps, stripe, userId);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    line_items: [{ price: deps.config.stripe?.priceId ?? '', quantity: 1 }],
    success_url: returnUrl(deps, 'success'),
    cancel_url: returnUrl(deps, 'cancelled'),
    metadata: { userId },
    subscription_data: { metadata: { userId } },
  });
  if (!session.url) throw new Error('Stripe answered a checkout session without its address');
  return { url: session.url };
}

/** POST /api/subscription/portal */
export async function openPortal(deps: AppDeps, userId: string): Promise<SubscriptionRedirect> {
  const stripe = requireBilling(deps);
  const row = await findSubscription(deps.db, { userId });
  if (!row) throw conflict('subscription', 'There is no subscription to manage yet: upgrade first');
  const session = await stripe.billingPortal.sessions.create({
    customer: row.customer_id,
    return_url: returnUrl(deps),
  });
  return { url: session.url };
}

/** The parts of a Stripe subscription the app keeps, read whatever the API version's shape. */
interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  userId: string | undefined;
}

type Loose = Record<string, unknown>;
const loose = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Loose) : {};
/** An id, or the id of an expanded object. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof loose(value)['id'] === 'string'
      ? (loose(value)['id'] as string)
      : undefined;
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A time in whole seconds (Stripe's), as milliseconds; anything else is no time. */
const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < 2 ** 40
    ? value * 1000
    : null;

function subscriptionFacts(object: unknown): SubscriptionFacts | undefined {
  const s = loose(object);
  const id = text(s['id']);
  const customerId = idOf(s['customer']);
  const status = text(s['status']);
  if (!id || !customerId || !status) return undefined;
  // Before API version 2025-03-31 the period was the subscription's, since then its items'.
  const items = loose(s['items'])['data'];
  const firstItem = Array.isArray(items) ? loose(items[0]) : {};
  const end = s['current_period_end'] ?? firstItem['current_period_end'];
  return {
    id,
    customerId,
    status,
    periodEnd: seconds(end),
    cancelAtPeriodEnd: s['cancel_at_period_end'] === true,
    userId: text(loose(s['metadata'])['userId']),
  };
}

/** What one event changes, worked out before its transaction (network calls included). */
type Change =
  | { kind: 'subscription'; facts: SubscriptionFacts; userId: string | undefined }
  | { kind: 'payment_failed'; customerId: string; subscriptionId: string | undefined }
  | { kind: 'none' };

/**
 * The subscription as Stripe holds it now; undefined when Stripe has no such subscription (the
 * event is acknowledged with nothing to change). Any other failure (Stripe unreachable) answers
 * 500, so that Stripe delivers the event again later.
 */
async function retrieveSubscription(stripe: Stripe, id: string): Promise<unknown> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return undefined;
    throw error;
  }
}

async function changeOf(stripe: Stripe, event: Stripe.Event): Promise<Change> {
  const object = loose(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = idOf(object['subscription']);
      if (object['mode'] !== 'subscription' || !subscriptionId) return { kind: 'none' };
      // The session names the subscription; its state is read from Stripe itself.
      const facts = subscriptionFacts(await retrieveSubscription(stripe, subscriptionId));
      if (!facts) return { kind: 'none' };
      const userId =
        text(object['client_reference_id']) ?? text(loose(object['metadata'])['userId']);
      return { kind: 'subscription', facts, userId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const facts = subscriptionFacts(object);
      return facts ? { kind: 'subscription', facts, userId: facts.userId } : { kind: 'none' };
    }
    case 'invoice.payment_failed': {
      const customerId = idOf(object['customer']);
      if (!customerId) return { kind: 'none' };
      const parent = loose(loose(object['parent'])['subscription_details']);
      return {
        kind: 'payment_failed',
        customerId,
        subscriptionId: idOf(object['subscription']) ?? idOf(parent['subscription']),
      };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * Applies a subscription's state as of `at` (when Stripe made the event), unless the row holds a
 * later state of it, or it is an ended subscription that is not the learner's current one (an
 * old subscription's deletion arriving after a new checkout). An ended subscription never comes
 * back: a state of it older than its end that arrives late changes nothing.
 */
async function applySubscription(
  db: Db,
  row: SubscriptionRow,
  facts: SubscriptionFacts,
  at: number,
  now: number,
): Promise<void> {
  const same = row.subscription_id === facts.id;
  if (same && (at < row.state_at || endedStates.has(row.status))) return;
  if (!same && row.subscription_id !== null && endedStates.has(facts.status)) {
    if (!endedStates.has(row.status) && row.status !== 'none') return;
  }
  // The grace period runs from the first failure this subscription met, not the latest event.
  const graceUntil = graceStates.has(facts.status)
    ? same && row.grace_until !== null
      ? row.grace_until
      : at + graceMs
    : null;
  await updateSubscription(db, row.user_id, {
    subscription_id: facts.id,
    status: facts.status,
    period_end: facts.periodEnd,
    cancel_at_period_end: facts.cancelAtPeriodEnd ? 1 : 0,
    grace_until: graceUntil,
    // Another grace period (or none) has no end announced yet.
    ...(graceUntil === row.grace_until ? {} : { grace_ended_at: null }),
    state_at: at,
    updated_at: now,
  });
}

/** A renewal payment failed: the grace period starts (once), the subscription is past due. */
async function applyPaymentFailed(
  db: Db,
  row: SubscriptionRow,
  subscriptionId: string | undefined,
  at: number,
  now: number,
): Promise<void> {
  if (subscriptionId && row.subscription_id !== subscriptionId) return;
  if (row.subscription_id === null || endedStates.has(row.status)) return;
  // A later state of the subscription (paid again) is not undone by an older failure.
  if (at < row.state_at) return;
  await updateSubscription(db, row.user_id, {
    status: paidStates.has(row.status) ? 'past_due' : row.status,
    grace_until: row.grace_until ?? at + graceMs,
    state_at: at,
    updated_at: now,
  });
}

/**
 * POST /api/subscription/webhook: the signature checked over the exact bytes (400 and nothing
 * changed when it does not match), each event handled once by its id, in one transaction under
 * the learner's lock; `plan.changed` goes out after the commit when the plan changed.
 */
export async function receiveWebhook(
  deps: AppDeps,
  body: unknown,
  signature: string | string[] | undefined,
): Promise<WebhookReceipt> {
  if (!deps.config.billing || !deps.config.stripe)
    throw notFound('Billing is off on this instance');
  const stripe = stripeOf(deps.config.stripe);
  if (typeof signature !== 'string' || signature === '') {
    throw invalidInput('stripe-signature', 'The Stripe-Signature header is missing');
  }
  if (typeof body !== 'string' || body === '') {
    throw invalidInput('body', 'The body must be the event Stripe sent');
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, deps.config.stripe.webhookSecret);
  } catch {
    throw invalidInput('stripe-signature', 'The signature does not match this body');
  }
  const change = await changeOf(stripe, event);
  const at = seconds(event.created) ?? deps.now();
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, { id: event.id, type: event.type, receivedAt: now }))) {
      return { duplicate: true as const };
    }
    if (change.kind === 'none') return { duplicate: false as const };
    const customerId = change.kind === 'subscription' ? change.facts.customerId : change.customerId;
    const userId =
      (await findSubscription(trx, { customerId }))?.user_id ??
      (change.kind === 'subscription' ? change.userId : undefined);
    // A customer of no learner here (deleted, or another app's): recorded, nothing to change.
    if (!userId) return { duplicate: false as const };
    try {
      await lockOwner(trx, userId);
    } catch {
      return { duplicate: false as const };
    }
    // Read again under the lock: another event of this learner's, handled while this one waited
    // for it, may have changed the row (on PostgreSQL a read before the lock sees the row as it
    // was, and the older event would then be applied over the newer state).
    let row = await findSubscription(trx, { userId });
    // A grace period over that the clock has not announced yet: this event announces it, as the
    // change from premium the learner's tabs have not been told of, whatever the event does.
    const graceEnded = await claimGraceEnd(trx, userId, now);
    const before = graceEnded ? 'premium' : await currentPlan(deps, trx, userId);
    if (!row) {
      await insertCustomer(trx, {
        user_id: userId,
        customer_id: customerId,
        subscription_id: null,
        status: 'none',
        period_end: null,
        cancel_at_period_end: 0,
        grace_until: null,
        state_at: 0,
        updated_at: now,
      });
      row = await findSubscription(trx, { userId });
    }
    // The learner's row names another customer (a second checkout's): this one is ignored.
    if (!row || row.customer_id !== customerId) return { duplicate: false as const };
    if (change.kind === 'subscription') await applySubscription(trx, row, change.facts, at, now);
    else await applyPaymentFailed(trx, row, change.subscriptionId, at, now);
    const after = await currentPlan(deps, trx, userId);
    return {
      duplicate: false as const,
      changed: before !== after ? { userId, plan: after } : null,
    };
  });
  if ('changed' in outcome && outcome.changed) {
    deps.live.publish(liveEvent('plan.changed', { plan: outcome.changed.plan }), {
      kind: 'user',
      userId: outcome.changed.userId,
    });
  }
  return { received: true, duplicate: outcome.duplicate };
}
