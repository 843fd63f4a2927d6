import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One learner's schedule of one card, created by its first review (members each have their own).
  await db.schema
    .createTable('progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('category_id', 'text')
    .addColumn('elevation', 'double precision', (c) => c.notNull())
    .addColumn('period', 'double precision', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('last_review_at', 'bigint')
    .addColumn('due_at', 'bigint')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    // When the learner first studied the card: counts against the new cards of that day.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('progress_pk', ['user_id', 'card_id'])
    .execute();
  await db.schema
    .createIndex('progress_user_due')
    .on('progress')
    .columns(['user_id', 'due_at', 'card_id'])
    .execute();
  await db.schema.createIndex('progress_card_id').on('progress').column('card_id').execute();
  await db.schema
    .createIndex('progress_user_created')
    .on('progress')
    .columns(['user_id', 'created_at'])
    .execute();

  // Append-only: one row per answer, override and undo.
  await db.schema
    .createTable('review_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    // The learner's own order of writes (ties of reviewed_at are common on a fast keyboard).
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('client_review_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The review an override or undo acts on.
    .addColumn('target_id', 'text')
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
    .addColumn('guess', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('elapsed_ms', 'integer', (c) => c.notNull())
    .addColumn('state_before', 'text', (c) => c.notNull())
    .addColumn('state_after', 'text', (c) => c.notNull())
    // The answer given, so a resubmission answers exactly the same.
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('review_log_user_client')
    .on('review_log')
    .columns(['user_id', 'client_review_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('review_log_user_seq')
    .on('review_log')
    .columns(['user_id', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('review_log_user_card_seq')
    .on('review_log')
    .columns(['user_id', 'card_id', 'seq'])
    .execute();
  await db.schema.createIndex('review_log_card_id').on('review_log').column('card_id').execute();

  await db.schema
    .createTable('combos')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_at', 'bigint')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['combos', 'review_log', 'progress']) {
    await db.schema.dropTable(table).execute();
  }
}
