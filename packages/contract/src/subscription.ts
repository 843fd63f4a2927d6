import { z } from 'zod';
import { planSchema } from './admin';

/**
 * What the free plan allows when billing is on (docs/decisions/0034-subscriptions.md says why
 * each number). Crossing one answers 402 `plan_limit` whose issue's path names the limit.
 * Premium has only the owner limits every account has (limits.ts, `ownerLimits`).
 */
export const freePlanLimits = {
  /** Cards one free learner owns. */
  cards: 200,
  /** Categories one free learner owns, at every depth. */
  categories: 10,
} as const;
export type PlanLimitName = keyof typeof freePlanLimits;
export const planLimitNames = Object.keys(freePlanLimits) as [PlanLimitName, ...PlanLimitName[]];

/** Days a learner whose renewal payment failed keeps premium before falling back to free. */
export const paymentGraceDays = 7;

/**
 * Where a paid subscription stands: `none` (never subscribed), Stripe's own states, and
 * `off` when the instance runs without billing.
 */
export const subscriptionStateSchema = z.enum([
  'off',
  'none',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** One limit of the plan: how much is used, and the most allowed (null: no plan limit). */
export const planUsageSchema = z.strictObject({
  name: z.enum(planLimitNames),
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

/** GET /api/subscription */
export const subscriptionStatusSchema = z.strictObject({
  billing: z.boolean(),
  plan: planSchema,
  status: subscriptionStateSchema,
  /** Premium granted by an admin without payment: premium whatever the subscription says. */
  isFreeloaded: z.boolean(),
  /** The end of the paid period (ISO), when there is a subscription. */
  periodEnd: z.string().nullable(),
  /** The subscription ends at the period's end (cancelled in the portal). */
  cancelAtPeriodEnd: z.boolean(),
  /** A renewal payment failed: premium until then (ISO), then free. */
  graceUntil: z.string().nullable(),
  usage: z.array(planUsageSchema),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/subscription/checkout and /portal: the Stripe page to send the browser to. */
export const subscriptionRedirectSchema = z.strictObject({ url: z.string() });
export type SubscriptionRedirect = z.infer<typeof subscriptionRedirectSchema>;

/** POST /api/subscription/webhook: whether the event was new (false: handled before). */
export const webhookReceiptSchema = z.strictObject({
  received: z.literal(true),
  duplicate: z.boolean(),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
