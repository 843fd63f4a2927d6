import { searchDocument } from '@glossa/srs';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// One search box over cards and categories (docs/decisions/0021-search.md). The app writes each
// row's indexed words (`search_doc`: searchDocument of packages/srs, the one folding of
// searchKey cut into words); each database indexes them in the transaction of the write: SQLite
// with FTS5 tables kept by triggers, PostgreSQL with GIN indexes (words and trigrams).

/** The kinds of rows search finds (search_docs.kind). */
const kinds = ['card', 'category'] as const;

/** Rows read and rewritten per step of the backfill. */
const batchSize = 1000;

/**
 * A SQLite card's scope words, its owner and category (`co…`, `cc…`), and a category's, its owner
 * and itself (`go…`, `gc…`): search matches them with the words, so that the index answers only
 * what the caller may read (dashes dropped: one word each).
 */
const cardScope = (row: string) =>
  `'co' || replace(${row}.owner_id, '-', '') || ' cc' || replace(coalesce(${row}.category_id, '0'), '-', '')`;
const categoryScope = (row: string) =>
  `'go' || replace(${row}.owner_id, '-', '') || ' gc' || replace(${row}.id, '-', '')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function backfill(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; front: string; answers: string; notes: string }[] = await db
      .selectFrom('cards')
      .select(['id', 'front', 'answers', 'notes'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const parsed: unknown = JSON.parse(row.answers);
      const answers = Array.isArray(parsed) ? parsed.filter((a) => typeof a === 'string') : [];
      await db
        .updateTable('cards')
        .set({ search_doc: searchDocument(row.front, ...answers, row.notes) })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last.id;
  }
  after = '';
  for (;;) {
    const rows: { id: string; name: string; description: string }[] = await db
      .selectFrom('categories')
      .select(['id', 'name', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('categories')
        .set({ search_doc: searchDocument(row.name, row.description) })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['cards', 'categories']) {
    await db.schema
      .alterTable(table)
      .addColumn('search_doc', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await backfill(db);

  if (postgres) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const table of ['cards', 'categories']) {
      // The words as lexemes, exactly as the app cut them (no parser, no dictionary).
      await sql`alter table ${sql.table(table)} add column search_vector tsvector
        generated always as (array_to_tsvector(array_remove(string_to_array(search_doc, ' '), ''))) stored`.execute(
        db,
      );
      await sql`create index ${sql.raw(`${table}_search_vector`)} on ${sql.table(table)} using gin (search_vector)`.execute(
        db,
      );
      await sql`create index ${sql.raw(`${table}_search_trigrams`)} on ${sql.table(table)} using gin (search_doc gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }

  // SQLite: one row per card and category (its FTS rowid, newest write last), FTS5 indexes of it
  // kept by triggers: words (exact and prefix, with the scope words that filter by permission) and
  // trigrams (substrings), one trigram index per kind.
  // owner_id and category_id (a category's own id) filter the trigram matches by permission.
  await sql`create table search_docs (
    id integer primary key,
    kind text not null,
    item_id text not null,
    owner_id text not null,
    category_id text,
    doc text not null,
    scope text not null
  )`.execute(db);
  await sql`create unique index search_docs_item on search_docs (item_id)`.execute(db);
  await sql`create virtual table search_words using fts5(doc, scope, content='search_docs',
    content_rowid='id', tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
    prefix='1 2 3')`.execute(db);
  // One trigram index per kind: a search of categories never walks the matches of cards.
  for (const kind of kinds) {
    await sql`create virtual table ${sql.raw(`search_${kind}_trigrams`)} using fts5(doc,
      content='search_docs', content_rowid='id', tokenize='trigram')`.execute(db);
  }
  await sql`insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
    select 'category', id, owner_id, id, search_doc, ${sql.raw(categoryScope('categories'))}
    from categories order by updated_at, id`.execute(db);
  await sql`insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
    select 'card', id, owner_id, category_id, search_doc, ${sql.raw(cardScope('cards'))}
    from cards order by updated_at, id`.execute(db);
  await sql`insert into search_words (search_words) values ('rebuild')`.execute(db);
  for (const kind of kinds) {
    const table = sql.raw(`search_${kind}_trigrams`);
    await sql`insert into ${table} (rowid, doc)
      select id, doc from search_docs where kind = ${kind}`.execute(db);
  }

  await sql`create trigger search_docs_ai after insert on search_docs begin
    insert into search_words (rowid, doc, scope) values (new.id, new.doc, new.scope);
    insert into search_card_trigrams (rowid, doc) select new.id, new.doc where new.kind = 'card';
    insert into search_category_trigrams (rowid, doc)
      select new.id, new.doc where new.kind = 'category';
  end`.execute(db);
  await sql`create trigger search_docs_ad after delete on search_docs begin
    insert into search_words (search_words, rowid, doc, scope)
      values ('delete', old.id, old.doc, old.scope);
    insert into search_card_trigrams (search_card_trigrams, rowid, doc)
      select 'delete', old.id, old.doc where old.kind = 'card';
    insert into search_category_trigrams (search_category_trigrams, rowid, doc)
      select 'delete', old.id, old.doc where old.kind = 'category';
  end`.execute(db);

  await sql`create trigger cards_search_ai after insert on cards begin
    insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
      values ('card', new.id, new.owner_id, new.category_id, new.search_doc, ${sql.raw(cardScope('new'))});
  end`.execute(db);
  // A change of the words, the owner or the category writes the row again: its new rowid is the
  // newest (search ranks by recency within a tier).
  await sql`create trigger cards_search_au after update of search_doc, owner_id, category_id on cards
  begin
    delete from search_docs where item_id = old.id;
    insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
      values ('card', new.id, new.owner_id, new.category_id, new.search_doc, ${sql.raw(cardScope('new'))});
  end`.execute(db);
  await sql`create trigger cards_search_ad after delete on cards begin
    delete from search_docs where item_id = old.id;
  end`.execute(db);
  await sql`create trigger categories_search_ai after insert on categories begin
    insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
      values ('category', new.id, new.owner_id, new.id, new.search_doc, ${sql.raw(categoryScope('new'))});
  end`.execute(db);
  await sql`create trigger categories_search_au after update of search_doc on categories begin
    delete from search_docs where item_id = old.id;
    insert into search_docs (kind, item_id, owner_id, category_id, doc, scope)
      values ('category', new.id, new.owner_id, new.id, new.search_doc, ${sql.raw(categoryScope('new'))});
  end`.execute(db);
  await sql`create trigger categories_search_ad after delete on categories begin
    delete from search_docs where item_id = old.id;
  end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    for (const table of ['cards', 'categories']) {
      await sql`drop index ${sql.raw(`${table}_search_trigrams`)}`.execute(db);
      await sql`drop index ${sql.raw(`${table}_search_vector`)}`.execute(db);
      await db.schema.alterTable(table).dropColumn('search_vector').execute();
    }
  } else {
    for (const trigger of [
      'cards_search_ai',
      'cards_search_au',
      'cards_search_ad',
      'categories_search_ai',
      'categories_search_au',
      'categories_search_ad',
    ]) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table search_words`.execute(db);
    for (const kind of kinds)
      await sql`drop table ${sql.raw(`search_${kind}_trigrams`)}`.execute(db);
    await sql`drop table search_docs`.execute(db);
  }
  for (const table of ['cards', 'categories']) {
    await db.schema.alterTable(table).dropColumn('search_doc').execute();
  }
}
