import { sql, type Kysely, type SqlBool } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Public decks are explored, joined and copied (docs/decisions/0022-explore.md).

/**
 * The rows explore lists: top-level public categories (depth 1 is the top, as parent_id null is). A
 * literal, so both planners match it. Not `parent_id is null`: with that term in its query, SQLite
 * took the index of parent_id and sorted every top-level public category.
 */
const deckPredicate = sql<SqlBool>`visibility = 'public' and depth = 1`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A learner studies a public deck they joined with their own schedule. Only while the deck is a
  // top-level public category: unpublished, the row stays (paused, as a membership of a category
  // made private) and counts again when it is published again.
  await db.schema
    .createTable('category_joins')
    .addColumn('category_id', 'text', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_joins_pk', ['category_id', 'user_id'])
    .execute();
  // The learner's joined decks, newest first (their list, their limit, what they study).
  await db.schema
    .createIndex('category_joins_user')
    .on('category_joins')
    .columns(['user_id', 'created_at', 'category_id'])
    .execute();

  // How many learners joined the deck, kept by join and leave in their transaction (and by an
  // account's deletion, which leaves first): explore sorts 10,000 decks by it from an index.
  await db.schema
    .alterTable('categories')
    .addColumn('learner_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the category was last made public (explore's "new"); 0 for one never made public.
  await db.schema
    .alterTable('categories')
    .addColumn('published_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('categories')
    .set({ published_at: sql`updated_at` })
    .where('visibility', '=', 'public')
    .execute();
  // Where a copy came from ("copied from … on …"): the deck's id (no foreign key: the deck may be
  // deleted), its name and its owner's username as they were when copied.
  for (const [column, type] of [
    ['copied_from_id', 'text'],
    ['copied_from_name', 'text'],
    ['copied_from_owner', 'text'],
    ['copied_at', 'bigint'],
  ] as const) {
    await db.schema.alterTable('categories').addColumn(column, type).execute();
  }

  // One index per sort of explore's list, with the language pair and without it (keyset on id),
  // holding the public decks only: a page is read in order from one of them, whatever the number
  // of categories.
  const sorts = { popular: 'learner_count', new: 'published_at', name: 'name_lower' };
  for (const [sort, column] of Object.entries(sorts)) {
    await db.schema
      .createIndex(`categories_explore_pair_${sort}`)
      .on('categories')
      .columns(['from_language_code', 'to_language_code', column, 'id'])
      .where(deckPredicate)
      .execute();
    await db.schema
      .createIndex(`categories_explore_${sort}`)
      .on('categories')
      .columns([column, 'id'])
      .where(deckPredicate)
      .execute();
  }
  // (visibility, created_at) served no query, and SQLite took it for explore's list without a
  // language (reading every public category and sorting them) over the sort's partial index.
  await db.schema.dropIndex('categories_visibility').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('categories_visibility')
    .on('categories')
    .columns(['visibility', 'created_at'])
    .execute();
  for (const sort of ['popular', 'new', 'name']) {
    await db.schema.dropIndex(`categories_explore_pair_${sort}`).execute();
    await db.schema.dropIndex(`categories_explore_${sort}`).execute();
  }
  for (const column of [
    'copied_at',
    'copied_from_owner',
    'copied_from_name',
    'copied_from_id',
    'published_at',
    'learner_count',
  ]) {
    await db.schema.alterTable('categories').dropColumn(column).execute();
  }
  await db.schema.dropTable('category_joins').execute();
}
