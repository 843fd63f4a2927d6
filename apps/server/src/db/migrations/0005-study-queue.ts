import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Whether the card's owner has studied it (has a progress row): the owner's new cards are then
  // read in creation order from a partial index instead of skipping every studied card.
  await db.schema
    .alterTable('cards')
    .addColumn('owner_studied', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('cards')
    .set({ owner_studied: 1 })
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('progress')
          .select(sql<number>`1`.as('one'))
          .whereRef('progress.card_id', '=', 'cards.id')
          .whereRef('progress.user_id', '=', 'cards.owner_id'),
      ),
    )
    .execute();
  await db.schema
    .createIndex('cards_owner_new')
    .on('cards')
    .columns(['owner_id', 'created_at', 'id', 'category_id'])
    .where(sql.ref('owner_studied'), '=', 0)
    .execute();
  await db.schema
    .createIndex('cards_category_new')
    .on('cards')
    .columns(['category_id', 'created_at', 'id'])
    .where(sql.ref('owner_studied'), '=', 0)
    .execute();

  // Whether the card belongs to someone else (studied through a shared category). Cards never
  // change owner, so it never changes. The learner's own due cards are then counted from indexes
  // alone (all their due rows less the foreign ones), without looking up every card; the partial
  // index holds the few foreign rows only, so answering one's own cards never writes to it.
  await db.schema
    .alterTable('progress')
    .addColumn('foreign_card', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('progress')
    .set({ foreign_card: 1 })
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('cards')
          .select(sql<number>`1`.as('one'))
          .whereRef('cards.id', '=', 'progress.card_id')
          .whereRef('cards.owner_id', '<>', 'progress.user_id'),
      ),
    )
    .execute();
  await db.schema
    .createIndex('progress_user_foreign_due')
    .on('progress')
    .columns(['user_id', 'suspended', 'due_at', 'card_id'])
    .where(sql.ref('foreign_card'), '=', 1)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('progress_user_foreign_due').execute();
  await db.schema.alterTable('progress').dropColumn('foreign_card').execute();
  await db.schema.dropIndex('cards_category_new').execute();
  await db.schema.dropIndex('cards_owner_new').execute();
  await db.schema.alterTable('cards').dropColumn('owner_studied').execute();
}
