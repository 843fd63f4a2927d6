import { liveEvent, type WebhookReceipt } from '@glossa/contract';
import Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { invalidInput, notFound } from '../../errors';
import { lockOwner } from '../users/users.service';
import { stripeOf } from './stripe-client';
import {
  findSubscription,
  insertCustomer,
  recordEvent,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';
import {
  claimGraceEnd,
  currentPlan,
  endedStates,
  graceMs,
  graceStates,
  paidStates,
} from './subscriptions.service';

// Stripe's webhook: the subscription's changes, applied in the order Stripe made them, each event
// once (docs/decisions/0034-subscriptions.md).

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
      await insertCustomer(trx, userId, customerId, now);
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
