import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// What subscriptions need on a clock (docs/decisions/0034-subscriptions.md, addendum): the end of
// a grace period is announced once (`plan.changed`), and old webhook event ids are deleted.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // When the end of the grace period in grace_until was announced; null while it is not (and
  // again whenever a new grace period starts).
  await db.schema.alterTable('subscriptions').addColumn('grace_ended_at', 'bigint').execute();
  // Grace periods over before this migration were never announced and need not be now: the
  // learners' tabs have read their free plan long since.
  await db
    .updateTable('subscriptions')
    .set({ grace_ended_at: sql`grace_until` })
    .where('grace_until', '<=', Date.now())
    .execute();
  // The grace periods still to end: a few rows whatever the number of subscriptions.
  await db.schema
    .createIndex('subscriptions_grace_to_end')
    .on('subscriptions')
    .column('grace_until')
    .where(sql<boolean>`grace_ended_at is null and grace_until is not null`)
    .execute();
  // The events old enough to be forgotten, deleted a batch at a time.
  await db.schema
    .createIndex('stripe_events_received')
    .on('stripe_events')
    .column('received_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stripe_events_received').execute();
  await db.schema.dropIndex('subscriptions_grace_to_end').execute();
  await db.schema.alterTable('subscriptions').dropColumn('grace_ended_at').execute();
}
