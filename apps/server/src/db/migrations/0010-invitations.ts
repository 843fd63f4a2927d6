import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Members join by accepting an invitation (docs/decisions/0016-invitations.md). The members made
// before stay members: category_members is unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('category_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Deleting the category keeps the row (without it) until it leaves the owner's 24-hour window:
    // a deleted category must not give its invitations back to the daily limit. Such a row is
    // shown to nobody and cannot be answered.
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('responded_at', 'bigint')
    .execute();
  // One pending invitation per learner and category; the category's pending ones, counted with
  // its members against the members' limit.
  await db.schema
    .createIndex('category_invitations_pending')
    .on('category_invitations')
    .columns(['category_id', 'invitee_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // The invitee's pending invitations, newest first.
  await db.schema
    .createIndex('category_invitations_invitee')
    .on('category_invitations')
    .columns(['invitee_id', 'status', 'created_at'])
    .execute();
  // The invitations an owner sent in the last 24 hours (the daily limit).
  await db.schema
    .createIndex('category_invitations_owner_created')
    .on('category_invitations')
    .columns(['owner_id', 'created_at'])
    .execute();

  // Translation suggestions read the cards with one front and language pair: the owners one
  // after the other, then each one's oldest few cards in order (one owner counts once,
  // docs/decisions/0016-invitations.md). Without it that read scanned every card of every learner.
  await db.schema
    .createIndex('cards_front_pair_owner')
    .on('cards')
    .columns([
      'front_lower',
      'from_language_code',
      'to_language_code',
      'owner_id',
      'created_at',
      'id',
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_front_pair_owner').execute();
  await db.schema.dropTable('category_invitations').execute();
}
