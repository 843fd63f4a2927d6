import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The learner's daily study (issue 16, item 3; docs/decisions/0025-daily-limits.md): new cards and
// reviews per day, and the hour and time zone their day starts at. A row of their own, apart from
// users.settings (the fixed UserInfo of the seed); no row reads as the defaults.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('study_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_cards_per_day', 'integer', (c) => c.notNull())
    .addColumn('reviews_per_day', 'integer', (c) => c.notNull())
    .addColumn('day_start_hour', 'integer', (c) => c.notNull())
    // Null until set: the learner's browser sets it at first use.
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_settings').execute();
}
