import type { Kysely } from 'kysely';
import unhomoglyph from 'unhomoglyph';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The skeleton below is the users module's usernameSkeleton as this migration fills it; a change
// of that key comes with a migration that fills the column again (a test compares the two).

/** Unicode TR39's skeleton of a username, without case (decision 0017). */
function skeleton(username: string): string {
  const mapped = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');
  return mapped(mapped(username.trim().normalize('NFKC')).toLowerCase());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Refresh reuse grace: the generation a refresh replaced, and when (decision 0017).
  await db.schema.alterTable('sessions').addColumn('previous_refresh_digest', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'bigint').execute();

  // Usernames unique by their confusable skeleton. Existing names whose skeletons collide are all
  // kept: the oldest account holds the plain skeleton, each later one its skeleton followed by
  // " #" and its id (no username's skeleton holds a space), so neither name can be taken again by
  // a third account and both go on signing in; renaming one of the later accounts gives it the
  // plain skeleton of its new name.
  await db.schema
    .alterTable('users')
    .addColumn('username_skeleton', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const users: { id: string; username: string }[] = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = new Set<string>();
  for (const user of users) {
    const plain = skeleton(user.username);
    const key = held.has(plain) ? `${plain} #${user.id}` : plain;
    held.add(plain);
    await db
      .updateTable('users')
      .set({ username_skeleton: key })
      .where('id', '=', user.id)
      .execute();
  }
  await db.schema
    .createIndex('users_username_skeleton')
    .on('users')
    .column('username_skeleton')
    .unique()
    .execute();

  // Counters of the per-account and per-address limits, shared by every instance.
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_counters_window_start')
    .on('rate_counters')
    .column('window_start')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
  await db.schema.dropIndex('users_username_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
  await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_refresh_digest').execute();
}
