import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Failed sign-ins per login and client address, with the back-off they earned (decision 0018). In
// the database, so that every instance on one PostgreSQL counts the same attempts. Both keys are
// keyed hashes: the table holds neither what was typed as a login nor anyone's address.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('login_key', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['login_key', 'address_key'])
    .execute();
  // Forgotten rows are deleted by age.
  await db.schema
    .createIndex('sign_in_failures_last_failure_at')
    .on('sign_in_failures')
    .column('last_failure_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
