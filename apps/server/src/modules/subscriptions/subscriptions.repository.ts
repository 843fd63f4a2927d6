import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

const numbers = (row: SubscriptionRow): SubscriptionRow => ({
  ...row,
  period_end: row.period_end === null ? null : Number(row.period_end),
  grace_until: row.grace_until === null ? null : Number(row.grace_until),
  grace_ended_at: row.grace_ended_at === null ? null : Number(row.grace_ended_at),
  state_at: Number(row.state_at),
  updated_at: Number(row.updated_at),
});

export async function findSubscription(
  db: Db,
  key: { userId: string } | { customerId: string },
): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .$call((q) =>
      'userId' in key
        ? q.where('user_id', '=', key.userId)
        : q.where('customer_id', '=', key.customerId),
    )
    .executeTakeFirst();
  return row && numbers(row);
}

/**
 * The learner's customer, with no subscription yet, once: false when the learner has one already
 * (a checkout raced).
 */
export async function insertCustomer(
  db: Db,
  userId: string,
  customerId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      customer_id: customerId,
      subscription_id: null,
      status: 'none',
      period_end: null,
      cancel_at_period_end: 0,
      grace_until: null,
      state_at: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateSubscription(
  db: Db,
  userId: string,
  values: Partial<Omit<SubscriptionsTable, 'user_id'>>,
): Promise<void> {
  await db.updateTable('subscriptions').set(values).where('user_id', '=', userId).execute();
}

/** The subscriptions of these learners (a page of the admin's users list: at most 101). */
export async function findSubscriptionsOf(db: Db, userIds: string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map(numbers);
}

/** Records a webhook event's id: false when it was recorded before (a duplicate delivery). */
export async function recordEvent(
  db: Db,
  event: { id: string; type: string; receivedAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: event.receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Deletes up to `limit` of the events received before `before` (one bounded statement, the
 * oldest first): answers how many went.
 */
export async function deleteEventsBefore(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('stripe_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('stripe_events')
        .select('id')
        .where('received_at', '<', before)
        .orderBy('received_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A grace period not announced as ended yet: the predicate of the partial index
 * subscriptions_grace_to_end (migration 0030) in literals, not bound values, so that both
 * planners see that the query implies it (SQLite uses it only then).
 */
const graceNotAnnounced = sql<SqlBool>`grace_ended_at is null and grace_until is not null`;

/**
 * The learners whose grace period (a subscription in one of `states`) ended at or before `now`
 * and was not announced yet, the earliest end first, at most `limit`.
 */
export async function findEndedGraces(
  db: Db,
  states: readonly string[],
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where(graceNotAnnounced)
    .where('grace_until', '<=', now)
    .where('status', 'in', states)
    .orderBy('grace_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Marks the end of the learner's grace period as announced at `now`, if it ended by then and was
 * not announced yet: true for the one caller that did it (one conditional update, so two
 * instances, or the clock and a webhook, never both announce it).
 */
export async function markGraceEnded(
  db: Db,
  userId: string,
  states: readonly string[],
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ grace_ended_at: now })
    .where('user_id', '=', userId)
    .where(graceNotAnnounced)
    .where('grace_until', '<=', now)
    .where('status', 'in', states)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function eventRecorded(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

/** What the learner owns that the free plan limits (the owner indexes of each table). */
export async function countUsage(
  db: Db,
  userId: string,
): Promise<{ cards: number; categories: number }> {
  const [cards, categories] = await Promise.all([
    db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { cards: Number(cards.count), categories: Number(categories.count) };
}
