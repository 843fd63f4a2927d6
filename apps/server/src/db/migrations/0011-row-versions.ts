import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Cards and categories carry a version: 1 when created, one more with every change of the row,
// raised in the statement that changes it, so that an update can be made conditional on the
// version its client showed (docs/decisions/0015-concurrent-writes.md). Existing rows start at 1.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['cards', 'categories']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cards', 'categories']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
