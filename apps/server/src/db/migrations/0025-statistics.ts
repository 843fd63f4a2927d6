import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Statistics (issue 21; docs/decisions/0036-statistics.md): the learner's review log summed per
// learner day, refreshed from the log when read (stats_log_mark says how far, and with which day
// boundary), so the dashboard reads hundreds of rows instead of a million.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stats_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The learner's date (YYYY-MM-DD) of the day: it starts at their hour in their time zone.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull())
    .addColumn('successes', 'integer', (c) => c.notNull())
    .addColumn('new_cards', 'integer', (c) => c.notNull())
    .addColumn('young_passed', 'integer', (c) => c.notNull())
    .addColumn('young_failed', 'integer', (c) => c.notNull())
    .addColumn('mature_passed', 'integer', (c) => c.notNull())
    .addColumn('mature_failed', 'integer', (c) => c.notNull())
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('best_combo', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_days_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('stats_log_mark')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The last log row (seq) the days hold, and the day boundary they were summed with.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('day_start_hour', 'integer', (c) => c.notNull())
    .execute();
  // The learner's own cards per category by how far they are learnt, brought up to date from the
  // log rows after its mark; a change of the cards (count, latest change) or categories counts
  // them again.
  await db.schema
    .createTable('stats_categories')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The category's id, '' for the cards without one.
    .addColumn('category_key', 'text', (c) => c.notNull())
    .addColumn('new_cards', 'integer', (c) => c.notNull())
    .addColumn('learning', 'integer', (c) => c.notNull())
    .addColumn('known', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_categories_pk', ['user_id', 'category_key'])
    .execute();
  await db.schema
    .createTable('stats_categories_mark')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull())
    .addColumn('cards_changed_at', 'bigint', (c) => c.notNull())
    .addColumn('categories', 'integer', (c) => c.notNull())
    .execute();
  // The latest change of the learner's cards: one step down this index.
  await db.schema
    .createIndex('cards_owner_updated')
    .on('cards')
    .columns(['owner_id', 'updated_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_owner_updated').execute();
  await db.schema.dropTable('stats_categories_mark').execute();
  await db.schema.dropTable('stats_categories').execute();
  await db.schema.dropTable('stats_log_mark').execute();
  await db.schema.dropTable('stats_days').execute();
}
