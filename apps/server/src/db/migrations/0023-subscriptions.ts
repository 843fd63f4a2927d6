import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Subscriptions (docs/decisions/0034-subscriptions.md): each learner's Stripe customer and
// subscription as the webhook last told it, and the ids of the webhook events already handled.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text')
    // Stripe's status (active, past_due, canceled, …), or `none` before the first subscription.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    // A renewal payment failed: premium until then, then free.
    .addColumn('grace_until', 'bigint')
    // When Stripe made the event whose state this row holds (ms): an older one is not applied.
    .addColumn('state_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('subscriptions').execute();
}
