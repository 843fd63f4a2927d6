import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('categories.id').onDelete('cascade'))
    // parent_id or '' at the root: NULLs are distinct in unique indexes on both dialects.
    .addColumn('parent_key', 'text', (c) => c.notNull())
    // The ids from the root down to this category, joined by '/' (docs/decisions/0004-sharing.md).
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('from_language_code', 'text')
    .addColumn('to_language_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('categories_sibling_name')
    .on('categories')
    .columns(['owner_id', 'parent_key', 'name_lower'])
    .unique()
    .execute();
  await db.schema
    .createIndex('categories_parent_id')
    .on('categories')
    .column('parent_id')
    .execute();
  await db.schema
    .createIndex('categories_visibility')
    .on('categories')
    .columns(['visibility', 'created_at'])
    .execute();

  await db.schema
    .createTable('category_members')
    .addColumn('category_id', 'text', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_members_pk', ['category_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('category_members_user_id')
    .on('category_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('front', 'text', (c) => c.notNull())
    // Lower-cased copies made in JavaScript, so sorting and searching match on both dialects.
    .addColumn('front_lower', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_language_code', 'text', (c) => c.notNull())
    .addColumn('to_language_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One index per list sort, for the learner's own list and for a category's list (keyset on id).
  for (const scope of ['owner_id', 'category_id']) {
    for (const sort of ['created_at', 'updated_at', 'front_lower']) {
      await db.schema
        .createIndex(`cards_${scope.replace('_id', '')}_${sort}`)
        .on('cards')
        .columns([scope, sort, 'id'])
        .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cards', 'category_members', 'categories']) {
    await db.schema.dropTable(table).execute();
  }
}
