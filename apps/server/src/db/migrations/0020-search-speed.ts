import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations take Kysely<any> and never import app code: they must stay valid as the app changes.
// Search at a million cards (docs/decisions/0021-search.md, "Speed"). PostgreSQL: the words'
// vector also holds each pair of neighbouring characters of a script written without spaces
// (`图 书`, by the first code point of each), so a run of them is one index question that answers
// the rows holding it rather than every row holding its characters anywhere; both GIN indexes
// lead with the owner, so a search reads its caller's matches, not the instance's. SQLite is
// unchanged (its words index holds the scope words already; its trigram index answers runs).

/**
 * Code points that may start a character of a script written without spaces, as the app folds
 * text (search-terms' UNSPACED: Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar, ー, 々):
 * whole Unicode blocks, a superset, so every pair a query asks is indexed (a test holds it).
 */
export const unspacedBlocks: readonly (readonly [number, number])[] = [
  [0x0e00, 0x0eff], // Thai, Lao
  [0x1000, 0x109f], // Myanmar
  [0x1780, 0x17ff], // Khmer
  [0x19e0, 0x19ff], // Khmer symbols
  [0x2e80, 0x2fdf], // CJK radicals, Kangxi radicals
  [0x3000, 0x9fff], // CJK symbols, kana, CJK extension A, CJK unified ideographs
  [0xa9e0, 0xa9ff], // Myanmar extended B
  [0xaa60, 0xaa7f], // Myanmar extended A
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0x116d0, 0x116ff], // Myanmar extended C
  [0x16fe0, 0x16fff], // ideographic symbols
  [0x1aff0, 0x1b2ff], // kana extended, supplement, small kana
  [0x20000, 0x3ffff], // CJK extensions B and later
];

const postgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The GIN indexes of search, the owner first (btree_gin): the owner's rows are asked in the index,
 * with the words or the trigrams, so a search reads the caller's matches rather than every match
 * of the instance. The words' index has no pending list (fastupdate off): every search reads the
 * words index, and a pending list of 4 MB (the default) cost each read 6–16 ms at a million cards;
 * a card's write adds its ten or so words at once instead. The trigram index keeps its pending
 * list: a card has forty trigrams or more to add, and only insides of words read it.
 */
async function indexes(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: string,
): Promise<void> {
  await sql`create index ${sql.raw(`${table}_search_vector`)} on ${sql.table(table)}
    using gin (owner_id, search_vector) with (fastupdate = off)`.execute(db);
  await sql`create index ${sql.raw(`${table}_search_trigrams`)} on ${sql.table(table)}
    using gin (owner_id, search_doc gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!postgres(db)) return;
  // btree_gin, like pg_trgm, is a trusted extension (PostgreSQL 13+): the database's owner may
  // create it.
  await sql`create extension if not exists btree_gin`.execute(db);
  const blocks = unspacedBlocks.map(([from, to]) => `cp between ${from} and ${to}`).join(' or ');
  await sql`create function search_unspaced(cp integer) returns boolean
    language sql immutable strict parallel safe
    return ${sql.raw(blocks)}`.execute(db);
  // The document's words (as 0018), then the pairs of neighbouring words that both start with a
  // character of a script without spaces, each as the two first characters with a space between
  // (a word never holds a space: a pair is never mistaken for a word).
  await sql`create function search_vector_of(doc text) returns tsvector
    language sql immutable strict parallel safe
    return (
      select array_to_tsvector(array_remove(w, '') || array(
        select left(w[i], 1) || ' ' || left(w[i + 1], 1)
        from generate_subscripts(w, 1) as i
        where i < cardinality(w)
          and search_unspaced(ascii(w[i])) and search_unspaced(ascii(w[i + 1]))))
      from (select string_to_array(doc, ' ') as w) as words
    )`.execute(db);
  for (const table of ['cards', 'categories']) {
    await sql`drop index ${sql.raw(`${table}_search_trigrams`)}`.execute(db);
    // Dropping the column drops its index.
    await db.schema.alterTable(table).dropColumn('search_vector').execute();
    await sql`alter table ${sql.table(table)} add column search_vector tsvector
      generated always as (search_vector_of(search_doc)) stored`.execute(db);
    await indexes(db, table);
    // The new vector's statistics, by which the planner chooses between the index and the
    // owner's newest rows, now rather than at the next automatic analyze.
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!postgres(db)) return;
  for (const table of ['cards', 'categories']) {
    await sql`drop index ${sql.raw(`${table}_search_trigrams`)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('search_vector').execute();
    await sql`alter table ${sql.table(table)} add column search_vector tsvector
      generated always as (array_to_tsvector(array_remove(string_to_array(search_doc, ' '), ''))) stored`.execute(
      db,
    );
    await sql`create index ${sql.raw(`${table}_search_vector`)} on ${sql.table(table)}
      using gin (search_vector)`.execute(db);
    await sql`create index ${sql.raw(`${table}_search_trigrams`)} on ${sql.table(table)}
      using gin (search_doc gin_trgm_ops)`.execute(db);
  }
  await sql`drop function search_vector_of(text)`.execute(db);
  await sql`drop function search_unspaced(integer)`.execute(db);
}
