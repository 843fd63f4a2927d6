import type { SearchMatch } from '@glossa/contract';
import type { SearchTerm } from '@glossa/srs';
import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoryIdSet } from '../categories/category-scope.service';

// Search's own queries (docs/decisions/0021-search.md). SQLite: the FTS5 tables of search_docs
// (words with their scope words, trigrams), newest write first. PostgreSQL: the GIN indexes of
// cards and categories (search_vector, search_doc trigrams), most recently updated first. Both
// filter by permission in the query: a page holds `limit` rows whenever that many match.

export type SearchKind = 'card' | 'category';

/** Whose rows a search reads. */
export type SearchReach =
  /** The caller's own rows and those filed in others' categories they read. */
  | { kind: 'mine'; userId: string; otherIds: () => Promise<string[]> }
  /** Rows of others' public decks. */
  | { kind: 'public'; userId: string; categories: CategoryIdSet }
  /** Rows filed in these categories (a category and those under it the caller reads). */
  | { kind: 'within'; categoryIds: string[] };

export interface SearchFilter {
  reach: SearchReach;
  language?: string | undefined;
}

/** The tiers, best first. */
export const tiers: SearchMatch[] = ['word', 'prefix', 'substring'];

/** Words whose insides the trigram indexes find (3 characters or more). */
const trigramMin = 3;
const long = (term: SearchTerm) => !term.run && Array.from(term.text).length >= trigramMin;

/**
 * Whether a tier checks this term on the rows the other terms found rather than asking the index:
 * a 1–2-character start of a word (every word beginning `si` is a long list to read or expand)
 * when a run or a longer word narrows the rows to few.
 */
const checkedOnRows = (tier: SearchMatch, terms: SearchTerm[], term: SearchTerm) =>
  tier !== 'word' && !term.run && !long(term) && terms.some((other) => other.run || long(other));

/** Whether a tier finds more than the one before it for these terms (else it is skipped). */
export function tierApplies(tier: SearchMatch, terms: SearchTerm[]): boolean {
  if (tier === 'word') return true;
  if (tier === 'prefix') return terms.some((term) => !term.run);
  return terms.some(long);
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A row's scope words in SQLite's index (migration 0018): its owner and its category (a
 * category's own id), each kind with words of its own.
 */
const scopeWord = (kind: SearchKind, of: 'owner' | 'category', id: string) =>
  `${kind === 'card' ? 'c' : 'g'}${of === 'owner' ? 'o' : 'c'}${id.replaceAll('-', '')}`;
/** FTS5 strings: the terms hold letters, digits, marks and spaces only; quoted all the same. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Words of the word and prefix tiers: every term whole, or as the start of a word. */
function ftsWords(tier: 'word' | 'prefix', terms: SearchTerm[]): string {
  return terms
    .map((term) => (term.run || tier === 'word' ? quoted(term.text) : `${quoted(term.text)}*`))
    .join(' AND ');
}

/** What the caller may read, on SQLite's search rows (`d`) and the rows themselves (`t`). */
async function sqlitePermission(
  kind: SearchKind,
  filter: SearchFilter,
): Promise<{ scope: string | undefined; rows: RawBuilder<SqlBool>[] }> {
  const reach = filter.reach;
  const rows: RawBuilder<SqlBool>[] = [sql<SqlBool>`d.kind = ${kind}`];
  let scope: string | undefined;
  if (reach.kind === 'mine') {
    const others = await reach.otherIds();
    scope = [
      scopeWord(kind, 'owner', reach.userId),
      ...others.map((id) => scopeWord(kind, 'category', id)),
    ].join(' OR ');
    rows.push(
      others.length > 0
        ? sql<SqlBool>`(d.owner_id = ${reach.userId} or d.category_id in (${sql.join(others)}))`
        : sql<SqlBool>`d.owner_id = ${reach.userId}`,
    );
  } else if (reach.kind === 'within') {
    scope = reach.categoryIds.map((id) => scopeWord(kind, 'category', id)).join(' OR ');
    rows.push(sql<SqlBool>`d.category_id in (${sql.join(reach.categoryIds)})`);
  } else {
    rows.push(
      sql<SqlBool>`d.category_id in ${reach.categories.ids} and d.owner_id <> ${reach.userId}`,
    );
  }
  if (filter.language) {
    rows.push(
      sql<SqlBool>`(t.from_language_code = ${filter.language} or t.to_language_code = ${filter.language})`,
    );
  }
  return { scope, rows };
}

/**
 * The SQLite rows (ids, newest write first) of one tier. Whole words and starts of words: the
 * words index, matched with the scope words of what the caller may read, so it answers only those
 * (each doclist read once, whatever the instance's size). Insides of words: the trigram index,
 * newest first, each match checked against its search row's owner and category until the page
 * is full.
 */
async function sqliteTier(
  db: Db,
  kind: SearchKind,
  tier: SearchMatch,
  terms: SearchTerm[],
  filter: SearchFilter,
  limit: number,
): Promise<string[]> {
  const table = kind === 'card' ? 'cards' : 'categories';
  const { scope, rows } = await sqlitePermission(kind, filter);
  if (tier !== 'substring') {
    const indexed = terms.filter((term) => !checkedOnRows(tier, terms, term));
    for (const term of terms.filter((term) => checkedOnRows(tier, terms, term))) {
      rows.push(sql<SqlBool>`instr(' ' || d.doc, ${` ${term.text}`}) > 0`);
    }
    let expression = `doc : (${ftsWords(tier, indexed)})`;
    if (scope) expression += ` AND scope : (${scope})`;
    const found = await sql<{ id: string }>`
      select d.item_id as id from search_words w
      join search_docs d on d.id = w.rowid
      join ${sql.table(table)} t on t.id = d.item_id
      where search_words match ${expression} and ${sql.join(rows, sql` and `)}
      order by w.rowid desc
      limit ${limit}`.execute(db);
    return found.rows.map((row) => row.id);
  }
  // Runs (2+ characters with their spaces) and long words by the kind's trigrams; a short word
  // as the start of one of the row's words.
  const trigramTable = `search_${kind}_trigrams`;
  const trigrams = terms
    .filter((term) => term.run || long(term))
    .map((term) => quoted(term.text))
    .join(' AND ');
  for (const term of terms.filter((term) => !term.run && !long(term))) {
    rows.push(sql<SqlBool>`instr(' ' || d.doc, ${` ${term.text}`}) > 0`);
  }
  const found = await sql<{ id: string }>`
    select d.item_id as id from ${sql.table(trigramTable)} g
    join search_docs d on d.id = g.rowid
    join ${sql.table(table)} t on t.id = d.item_id
    where ${sql.table(trigramTable)} match ${trigrams} and ${sql.join(rows, sql` and `)}
    order by g.rowid desc
    limit ${limit}`.execute(db);
  return found.rows.map((row) => row.id);
}

/** Lexemes of a tsquery: the terms hold letters, digits, marks and spaces only; quoted all the same. */
const lexeme = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likeAny = (text: string) => `%${likeEscaped(text)}%`;
/** A word's start, on the document with a space before it (its words are one space apart). */
const likeWordStart = (text: string) => `% ${likeEscaped(text)}%`;

/**
 * The pairs of neighbouring characters of a run, as migration 0020 indexes them: the first code
 * point of each (a character's marks aside), a space between.
 */
const runPairs = (run: string): string[] => {
  const starts = run.split(' ').map((character) => Array.from(character)[0] ?? '');
  return starts.slice(1).map((next, i) => `${starts[i] ?? ''} ${next}`);
};

function postgresMatch(tier: SearchMatch, terms: SearchTerm[]): RawBuilder<SqlBool> {
  const lexemes: string[] = [];
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const term of terms) {
    if (term.run) {
      // The index holds each pair of neighbouring characters: it finds the rows where the run's
      // characters stand two by two together; the LIKE keeps those where they stand in one row.
      // (The trigram index helps little here: pg_trgm counts only the locale's letters.)
      for (const pair of runPairs(term.text)) lexemes.push(lexeme(pair));
      conditions.push(sql<SqlBool>`t.search_doc like ${likeAny(term.text)} escape '\\'`);
    } else if (tier === 'word') {
      lexemes.push(lexeme(term.text));
    } else if (checkedOnRows(tier, terms, term)) {
      conditions.push(
        sql<SqlBool>`(' ' || t.search_doc) like ${likeWordStart(term.text)} escape '\\'`,
      );
    } else if (tier === 'prefix' || !long(term)) {
      lexemes.push(`${lexeme(term.text)}:*`);
    } else {
      conditions.push(sql<SqlBool>`t.search_doc like ${likeAny(term.text)} escape '\\'`);
    }
  }
  if (lexemes.length > 0) {
    conditions.unshift(sql<SqlBool>`t.search_vector @@ ${lexemes.join(' & ')}::tsquery`);
  }
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/**
 * The PostgreSQL rows (ids, most recently updated first) of one tier. The caller's own rows and
 * those of others they read are asked apart and merged: each is then one index's question (the
 * owner's rows newest first, checked against the words, or the words' GIN index), where their
 * union made the planner read every match to sort them.
 */
async function postgresTier(
  db: Db,
  kind: SearchKind,
  tier: SearchMatch,
  terms: SearchTerm[],
  filter: SearchFilter,
  limit: number,
): Promise<string[]> {
  const table = kind === 'card' ? 'cards' : 'categories';
  const categoryColumn = kind === 'card' ? sql.ref('t.category_id') : sql.ref('t.id');
  const match = postgresMatch(tier, terms);
  const language = filter.language
    ? [
        sql<SqlBool>`(t.from_language_code = ${filter.language} or t.to_language_code = ${filter.language})`,
      ]
    : [];
  const ask = async (reach: RawBuilder<SqlBool>) => {
    const conditions = [match, reach, ...language];
    const rows = await sql<{ id: string; updated_at: string | number }>`
      select t.id, t.updated_at from ${sql.table(table)} t
      where ${sql.join(conditions, sql` and `)}
      order by t.updated_at desc, t.id desc
      limit ${limit}`.execute(db);
    return rows.rows.map((row) => ({ id: row.id, at: Number(row.updated_at) }));
  };
  const reach = filter.reach;
  let found: { id: string; at: number }[];
  if (reach.kind === 'mine') {
    // Others' categories read once per search (most learners read none: one question then).
    const otherIds = await reach.otherIds();
    const [own, others] = await Promise.all([
      ask(sql<SqlBool>`t.owner_id = ${reach.userId}`),
      otherIds.length === 0
        ? []
        : ask(
            sql<SqlBool>`${categoryColumn} = any(${otherIds}::text[]) and t.owner_id <> ${reach.userId}`,
          ),
    ]);
    found = [...own, ...others]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit);
  } else if (reach.kind === 'public') {
    found = await ask(
      sql<SqlBool>`${categoryColumn} = any(array${reach.categories.ids}) and t.owner_id <> ${reach.userId}`,
    );
  } else {
    found = await ask(sql<SqlBool>`${categoryColumn} = any(${reach.categoryIds}::text[])`);
  }
  return found.map((row) => row.id);
}

/**
 * The ids of the rows of one kind matching every term, best tier first, newest first within a
 * tier, `limit` at most, each with its tier. Each tier holds the one before it (a whole word is
 * the start of one, which is inside one): a tier is asked only when the one before it answered
 * fewer rows than asked, so all of them, and its rows are left out of the next one's answer.
 */
export async function searchIds(
  db: Db,
  kind: SearchKind,
  terms: SearchTerm[],
  filter: SearchFilter,
  limit: number,
): Promise<{ id: string; match: SearchMatch }[]> {
  if (filter.reach.kind === 'within' && filter.reach.categoryIds.length === 0) return [];
  const found: { id: string; match: SearchMatch }[] = [];
  const seen = new Set<string>();
  for (const tier of tiers) {
    if (found.length >= limit) break;
    if (!tierApplies(tier, terms)) continue;
    const ids = await (isPostgres(db) ? postgresTier : sqliteTier)(
      db,
      kind,
      tier,
      terms,
      filter,
      limit - found.length + seen.size,
    );
    for (const id of ids) {
      if (seen.has(id) || found.length >= limit) continue;
      seen.add(id);
      found.push({ id, match: tier });
    }
  }
  return found;
}

/** The cards' rows for the results, in no order. */
export async function readCardRows(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('cards')
    .select([
      'id',
      'owner_id',
      'category_id',
      'front',
      'answers',
      'notes',
      'from_language_code',
      'to_language_code',
      'updated_at',
    ])
    .where('id', 'in', ids)
    .execute();
}

/** The categories' rows for the results, in no order. */
export async function readCategoryRows(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('categories')
    .select([
      'id',
      'owner_id',
      'name',
      'description',
      'from_language_code',
      'to_language_code',
      'updated_at',
    ])
    .where('id', 'in', ids)
    .execute();
}
