import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The progress of each learner's running fit (docs/decisions/0030-scheduler-v2-server.md, "Fit
// progress on every instance"): written by the instance that runs the fit, read by any instance
// that a poll reaches. One row per learner; the row lives while the fit runs.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fit_progress')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The run that wrote the row: a run updates and deletes only its own row, never that of a
    // later fit of the same learner started on another instance.
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('evaluations', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fit_progress').execute();
}
