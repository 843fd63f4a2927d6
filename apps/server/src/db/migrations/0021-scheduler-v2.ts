import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Version 2 of the memory model on the server (issue 17; docs/decisions/0030-scheduler-v2-server.md):
// - scheduler_settings: the seven numbers version 2 adds, per learner; no row reads as the defaults;
// - progress.difficulty: version 2's per-card difficulty (0 until replayed);
// - review_log_exact_by_user: the learner's latest exact answers, for the quick threshold;
// - progress_replay_pending: every learner of this moment, whose progress waits for the replay of
//   their review log with version 2's formulas. The replay is not this migration: it runs after the
//   migrations (db/replay-v2.ts), learner by learner, each in its own transaction that also deletes
//   the learner's row here, so an interrupted run continues and a second run changes nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduler_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('initial_elevation_missed', 'double precision', (c) => c.notNull())
    .addColumn('initial_elevation_close', 'double precision', (c) => c.notNull())
    .addColumn('initial_elevation_exact', 'double precision', (c) => c.notNull())
    .addColumn('initial_elevation_quick', 'double precision', (c) => c.notNull())
    .addColumn('close_gain_factor', 'double precision', (c) => c.notNull())
    .addColumn('quick_gain_factor', 'double precision', (c) => c.notNull())
    .addColumn('first_miss_difficulty', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('progress')
    .addColumn('difficulty', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  // Partial: only exact reviews, the rows the quick threshold reads (newest first by seq).
  await sql`create index review_log_exact_by_user on review_log (user_id, seq)
    where kind = 'review' and score = 1`.execute(db);
  await db.schema
    .createTable('progress_replay_pending')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .execute();
  await sql`insert into progress_replay_pending (user_id) select id from users`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('progress_replay_pending').execute();
  await db.schema.dropIndex('review_log_exact_by_user').execute();
  await db.schema.alterTable('progress').dropColumn('difficulty').execute();
  await db.schema.dropTable('scheduler_settings').execute();
}
