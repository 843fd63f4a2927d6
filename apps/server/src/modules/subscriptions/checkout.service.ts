import type { SubscriptionRedirect } from '@glossa/contract';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps';
import { conflict, notFound } from '../../errors';
import { requireUser } from '../users/users.service';
import { stripeOf } from './stripe-client';
import { findSubscription, insertCustomer } from './subscriptions.repository';
import { currentPlan } from './subscriptions.service';

// Checkout and the billing portal: the learner's way to Stripe and back
// (docs/decisions/0034-subscriptions.md).

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
  const inserted = await insertCustomer(deps.db, userId, customer.id, deps.now());
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
