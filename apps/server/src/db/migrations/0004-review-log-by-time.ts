import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The dashboard counts a learner's answers of today: a range on the time, not a scan of the log.
  await db.schema
    .createIndex('review_log_user_reviewed')
    .on('review_log')
    .columns(['user_id', 'reviewed_at'])
    .execute();
  // The forecast and the due count read the learner's active schedule from the index alone.
  await db.schema
    .createIndex('progress_user_active_due')
    .on('progress')
    .columns(['user_id', 'suspended', 'due_at', 'category_id', 'card_id'])
    .execute();
  // New cards of the learner's uncategorised ones, newest first (the dashboard's daily new cards).
  await db.schema
    .createIndex('cards_owner_category_created')
    .on('cards')
    .columns(['owner_id', 'category_id', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_owner_category_created').execute();
  await db.schema.dropIndex('progress_user_active_due').execute();
  await db.schema.dropIndex('review_log_user_reviewed').execute();
}
