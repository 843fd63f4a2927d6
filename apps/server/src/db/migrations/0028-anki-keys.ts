import type { Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The Anki card an imported card came from (issue 21; docs/decisions/0035-anki-import.md): its
// note's guid and its ordinal, so that importing the same package again skips what is there.
// Unique per owner; partial, as only imported cards have one: the other cards' inserts do not
// write this index at all.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cards').addColumn('anki_key', 'text').execute();
  await db.schema
    .createIndex('cards_owner_anki_key')
    .on('cards')
    .columns(['owner_id', 'anki_key'])
    .unique()
    .where('anki_key', 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('cards_owner_anki_key').execute();
  await db.schema.alterTable('cards').dropColumn('anki_key').execute();
}
