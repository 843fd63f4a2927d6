import { liveEvent } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { deleteInBatches } from '../../db/delete-in-batches';
import { deleteEventsBefore, findEndedGraces } from './subscriptions.repository';
import { claimGraceEnd, currentPlan, graceStatuses } from './subscriptions.service';

// What subscriptions need on a clock, not on a request (docs/decisions/0034-subscriptions.md,
// its addendum): the end of a grace period is no event of Stripe's, and the ids of handled
// webhook events need not be kept forever. Every instance runs both; each end is told once.

const day = 24 * 60 * 60 * 1000;

/** How often each instance looks for ended grace periods: how late their `plan.changed` may be. */
export const graceEndCheckMs = 60_000;

/**
 * How long a handled webhook event's id is kept to recognise a redelivery: Stripe retries for up
 * to 3 days, and lists events to replay only for 30 days after they were made (before they were
 * received here). An older one, if it ever came, would change nothing: a subscription's older
 * state is never applied over a newer one.
 */
const stripeEventRetentionMs = 30 * day;

const pruneEveryMs = 60 * 60_000;
/** Grace ends announced per query; the round goes on while batches come full. */
const graceBatch = 100;

/** Starts both on this instance's clock (billing on only: otherwise there is nothing to do). */
export function scheduleSubscriptionUpkeep(deps: AppDeps): void {
  if (!deps.config.billing) return;
  deps.background.every(
    graceEndCheckMs,
    () => endGracePeriods(deps),
    'could not announce the end of grace periods',
  );
  deps.background.every(
    pruneEveryMs,
    () => pruneStripeEvents(deps),
    'could not prune old Stripe events',
  );
}

/**
 * Announces every grace period over by now: the learner's `plan.changed` (free, unless an admin
 * granted premium meanwhile) goes out after the commit, from whichever instance, or webhook,
 * marked the end first.
 */
export async function endGracePeriods(deps: AppDeps): Promise<void> {
  const now = deps.now();
  let userIds: string[];
  do {
    userIds = await findEndedGraces(deps.db, graceStatuses, now, graceBatch);
    for (const userId of userIds) {
      // A learner the mark misses (another instance's, a webhook's) is not found again.
      const plan = await deps.db
        .transaction()
        .execute(async (trx) =>
          (await claimGraceEnd(trx, userId, now)) ? currentPlan(deps, trx, userId) : undefined,
        );
      if (plan === 'free') {
        deps.live.publish(liveEvent('plan.changed', { plan }), { kind: 'user', userId });
      }
    }
  } while (userIds.length === graceBatch);
}

/** Deletes the ids of webhook events received more than the retention ago, a batch at a time. */
export async function pruneStripeEvents(deps: AppDeps): Promise<void> {
  const before = deps.now() - stripeEventRetentionMs;
  await deleteInBatches((limit) => deleteEventsBefore(deps.db, before, limit));
}
