import { duplicateKey, searchKey, sortKey } from '@glossa/srs';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// The keys are the shared text keys of packages/srs, the same functions the cards module writes
// them with (docs/decisions/0023-collation-and-duplicates.md); a change of those functions comes
// with a migration that fills the columns again.

/** Cards read and rewritten per step of the backfill. */
const batchSize = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The sort key is compared code unit by code unit: SQLite's default (BINARY) does so, and on
  // PostgreSQL the "C" collation, whatever the database's own collation is.
  await db.schema
    .alterTable('cards')
    .addColumn('front_sort', 'text', (c) =>
      (postgres ? c.modifyFront(sql`collate "C"`) : c).notNull().defaultTo(''),
    )
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('front_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Every card's keys, and its search text folded as the list's filter now folds the query.
  let after = '';
  for (;;) {
    const rows: { id: string; front: string; answers: string; from_language_code: string }[] =
      await db
        .selectFrom('cards')
        .select(['id', 'front', 'answers', 'from_language_code'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
    for (const row of rows) {
      const parsed: unknown = JSON.parse(row.answers);
      const answers = Array.isArray(parsed) ? parsed.filter((a) => typeof a === 'string') : [];
      await db
        .updateTable('cards')
        .set({
          front_key: duplicateKey(row.front, row.from_language_code),
          front_sort: sortKey(row.front, row.from_language_code),
          search_text: searchKey([row.front, ...answers].join('\n')),
        })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last.id;
  }

  // Duplicates of a front: one seek per owner and key (new-card dialog, import).
  await db.schema
    .createIndex('cards_owner_front_key')
    .on('cards')
    .columns(['owner_id', 'front_key'])
    .execute();
  // The list sorted by front reads the sort key instead of the lower-cased front.
  for (const scope of ['owner', 'category']) {
    await db.schema
      .createIndex(`cards_${scope}_front_sort`)
      .on('cards')
      .columns([`${scope}_id`, 'front_sort', 'id'])
      .execute();
    await db.schema.dropIndex(`cards_${scope}_front_lower`).execute();
  }
}

// The search text stays folded: the older code's lower-cased query finds what has no accents.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const scope of ['owner', 'category']) {
    await db.schema
      .createIndex(`cards_${scope}_front_lower`)
      .on('cards')
      .columns([`${scope}_id`, 'front_lower', 'id'])
      .execute();
    await db.schema.dropIndex(`cards_${scope}_front_sort`).execute();
  }
  await db.schema.dropIndex('cards_owner_front_key').execute();
  await db.schema.alterTable('cards').dropColumn('front_key').execute();
  await db.schema.alterTable('cards').dropColumn('front_sort').execute();
}
