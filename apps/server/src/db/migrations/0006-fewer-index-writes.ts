import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Every answer rewrites a progress row and appends a log row; each index on them is one more page
// written to the log of the database (and synced) at every commit. Two pairs of indexes served
// the same reads, so each pair becomes one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The learner's schedule in due order: the queue (due cards, most overdue first), the due count,
  // the forecast, the daily load of reflow and the card list sorted by due date, from the index
  // alone. Suspended rows are skipped in the index instead of being a separate range.
  await db.schema
    .createIndex('progress_user_due_card')
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id', 'suspended', 'category_id'])
    .execute();
  await db.schema.dropIndex('progress_user_due').execute();
  await db.schema.dropIndex('progress_user_active_due').execute();
  // A learner's log of one card in order (its history, undo, "I was right"), and a card's rows
  // when it is deleted.
  await db.schema
    .createIndex('review_log_card_user_seq')
    .on('review_log')
    .columns(['card_id', 'user_id', 'seq'])
    .execute();
  await db.schema.dropIndex('review_log_user_card_seq').execute();
  await db.schema.dropIndex('review_log_card_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('review_log_card_id').on('review_log').column('card_id').execute();
  await db.schema
    .createIndex('review_log_user_card_seq')
    .on('review_log')
    .columns(['user_id', 'card_id', 'seq'])
    .execute();
  await db.schema.dropIndex('review_log_card_user_seq').execute();
  await db.schema
    .createIndex('progress_user_active_due')
    .on('progress')
    .columns(['user_id', 'suspended', 'due_at', 'category_id', 'card_id'])
    .execute();
  await db.schema
    .createIndex('progress_user_due')
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id'])
    .execute();
  await db.schema.dropIndex('progress_user_due_card').execute();
}
