import {
  freePlanLimits,
  paymentGraceDays,
  planLimitNames,
  subscriptionStateSchema,
  type Plan,
  type PlanLimitName,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { requireUser } from '../users/users.service';
import {
  countUsage,
  findSubscription,
  findSubscriptionsOf,
  markGraceEnded,
  type SubscriptionRow,
} from './subscriptions.repository';

// Plans and payments (docs/decisions/0034-subscriptions.md). The plan is computed, never stored:
// premium when billing is off, when an admin granted it (isFreeloaded), or while the subscription
// is active (or in its grace period after a failed payment).

/** What deciding a learner's plan needs of the app. */
export type PlanContext = Pick<AppDeps, 'config' | 'now'>;

const day = 24 * 60 * 60 * 1000;
/** How long a failed payment keeps premium (decision 0034). */
export const graceMs = paymentGraceDays * day;
export const paidStates: ReadonlySet<string> = new Set(['active', 'trialing']);
/** A payment failed: premium until the grace period ends. */
export const graceStatuses = ['past_due', 'unpaid'] as const;
export const graceStates: ReadonlySet<string> = new Set(graceStatuses);
/** A subscription in these never comes back (Stripe makes a new one instead). */
export const endedStates: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

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
 * Refuses (402 `plan_limit`, the path naming the limit) a write that would take a free
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
