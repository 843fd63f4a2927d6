import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The admin area (docs/decisions/0033-admin-and-plans.md): the audit log of admin actions, and
// the indexes the admin lists page by. It reads and writes nothing of migration 0021.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // No foreign keys: an entry outlives its actor and its target (their names are copied in).
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_username', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_audit_created')
    .on('admin_audit')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_audit_target')
    .on('admin_audit')
    .columns(['target_id', 'created_at'])
    .execute();
  // The users tab, newest first (username and e-mail order by their unique lower-case indexes).
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();
  // The feedback tab, newest first, with or without its filters.
  await db.schema
    .createIndex('feedback_created')
    .on('feedback')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('feedback_kind_status_created')
    .on('feedback')
    .columns(['kind', 'status', 'created_at', 'id'])
    .execute();
  // PostgreSQL: the users tab's prefix search is a LIKE 'prefix%', which a plain index answers
  // only under the C collation; text_pattern_ops answers it under any.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index users_username_prefix on users (username_lower text_pattern_ops)`.execute(
      db,
    );
    await sql`create index users_email_prefix on users (email_lower text_pattern_ops)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index users_email_prefix`.execute(db);
    await sql`drop index users_username_prefix`.execute(db);
  }
  await db.schema.dropIndex('feedback_kind_status_created').execute();
  await db.schema.dropIndex('feedback_created').execute();
  await db.schema.dropIndex('users_created').execute();
  await db.schema.dropTable('admin_audit').execute();
}
