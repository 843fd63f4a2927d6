import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

const numbers = (row: SubscriptionRow): SubscriptionRow => ({
  ...row,
  period_end: row.period_end === null ? null : Number(row.period_end),
  grace_until: row.grace_until === null ? null : Number(row.grace_until),
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

/** The learner's customer, once: false when the learner has one already (a checkout raced). */
export async function insertCustomer(
  db: Db,
  row: Insertable<SubscriptionsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('subscriptions')
    .values(row)
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
