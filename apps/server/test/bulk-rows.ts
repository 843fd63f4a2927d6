import { duplicateKey, searchKey, sortKey } from '@glossa/srs';
import { randomUUID } from 'node:crypto';
import { sql, SqliteAdapter, type Insertable } from 'kysely';
import type { CardsTable, CategoriesTable, Database, Db } from '../src/db/schema';
import { cardSearchDocument } from '../src/modules/cards/cards.repository';
import {
  categorySearchDocument,
  insertMember,
} from '../src/modules/categories/categories.repository';

// Rows written straight into the tables, in one transaction, for the tests at the limits
// (docs/limits.md): thousands of categories and a hundred thousand cards in seconds, where the API
// would take minutes. The rows are those the repositories write (the same keys, the same search
// words), in a few large statements instead of a hundred of a thousand rows each.

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * On SQLite, a page cache of 64 MiB for the writer's connection (2 MiB by default): a hundred
 * thousand cards touch each of the cards' nine indexes at random places, and with the small cache
 * every insert reads its pages again (about twice as slow).
 */
async function roomyCache(trx: Db): Promise<void> {
  if (isSqlite(trx)) await sql`pragma cache_size = -65536`.execute(trx);
}

/** Rows per statement: a few megabytes of parameters. */
const rowsPerStatement = 10_000;

/**
 * The rows (all with the same columns) in one statement, in their order, without a parameter per
 * value: PostgreSQL reads each column from one array (unnest), SQLite each row from one JSON
 * array (json_each). No query builder walks a thousand rows' values, and on SQLite fewer, larger
 * statements also cost its full-text index less (100,000 cards straight into a file: about 6 s
 * in statements of 1,000 rows, 4.4 s in one).
 */
async function insertMany<T extends 'cards' | 'categories'>(
  trx: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const values = (row: Insertable<Database[T]>) =>
    columns.map((column) => (row as Record<string, unknown>)[column]);
  const into = sql`${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})`;
  if (isSqlite(trx)) {
    const json = JSON.stringify(rows.map(values));
    const picks = columns.map((_, i) => sql`value ->> ${sql.lit(i)}`);
    await sql`insert into ${into} select ${sql.join(picks)} from json_each(${json}) order by key`.execute(
      trx,
    );
    return;
  }
  const arrays = columns.map((column) => {
    const array = rows.map((row) => (row as Record<string, unknown>)[column]);
    const numeric = array.some((value) => typeof value === 'number');
    return sql`${array}::${sql.raw(numeric ? 'bigint[]' : 'text[]')}`;
  });
  await sql`insert into ${into} select * from unnest(${sql.join(arrays)})`.execute(trx);
}

export interface BulkCategory {
  id: string;
  path: string;
  depth: number;
}

type Visibility = 'private' | 'shared' | 'public';

/**
 * `count` categories of the owner: first a chain `deepest` levels deep (under `under`, or from the
 * top), then the rest spread under the chain's categories, never deeper than `deepest`. Answers
 * them in creation order, the chain first.
 */
export async function insertCategoryTree(
  db: Db,
  ownerId: string,
  options: { count: number; deepest?: number; visibility?: Visibility; under?: BulkCategory },
): Promise<BulkCategory[]> {
  const { count, deepest = 8, visibility = 'private', under } = options;
  const now = Date.now();
  const made: BulkCategory[] = [];
  const rows: Insertable<CategoriesTable>[] = [];
  const baseDepth = under?.depth ?? 0;
  for (let i = 0; i < count; i += 1) {
    const chainLength = Math.min(count, deepest - baseDepth);
    // The chain, then each next category under one of the chain's (its last level excepted).
    const parent =
      i < chainLength ? (made[i - 1] ?? under) : (made[i % Math.max(1, chainLength - 1)] ?? under);
    const id = randomUUID();
    const category = {
      id,
      path: parent ? `${parent.path}/${id}` : id,
      depth: (parent?.depth ?? 0) + 1,
    };
    made.push(category);
    rows.push({
      id,
      owner_id: ownerId,
      parent_id: parent?.id ?? null,
      parent_key: parent?.id ?? '',
      path: category.path,
      depth: category.depth,
      name: `Category ${i}`,
      name_lower: `category ${i}`,
      description: '',
      visibility,
      from_language_code: null,
      to_language_code: null,
      created_at: now + i,
      updated_at: now + i,
      search_doc: categorySearchDocument(`Category ${i}`, ''),
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      await insertMany(trx, 'categories', rows.slice(start, start + rowsPerStatement));
    }
  });
  return made;
}

/**
 * `count` cards of the owner, spread over the categories in turn (and uncategorised when the list
 * is empty), the oldest first. Answers their ids.
 */
export async function insertCardRows(
  db: Db,
  ownerId: string,
  count: number,
  categoryIds: readonly string[] = [],
): Promise<string[]> {
  const now = Date.now() - count;
  const ids: string[] = [];
  const row = (i: number): Insertable<CardsTable> => {
    const id = randomUUID();
    ids.push(id);
    const front = `word ${i}`;
    const answers = JSON.stringify([`answer ${i}`]);
    return {
      id,
      owner_id: ownerId,
      category_id: categoryIds.length > 0 ? (categoryIds[i % categoryIds.length] ?? null) : null,
      front,
      front_lower: front,
      front_key: duplicateKey(front, 'es'),
      front_sort: sortKey(front, 'es'),
      answers,
      search_text: searchKey(`${front}\nanswer ${i}`),
      search_doc: cardSearchDocument(front, answers, ''),
      notes: '',
      from_language_code: 'es',
      to_language_code: 'en',
      created_at: now + i,
      updated_at: now + i,
    };
  };
  await db.transaction().execute(async (trx) => {
    await roomyCache(trx);
    // Each statement's rows are made while the database writes the previous statement's.
    let writing = Promise.resolve();
    for (let start = 0; start < count; start += rowsPerStatement) {
      const rows: Insertable<CardsTable>[] = [];
      for (let i = start; i < Math.min(count, start + rowsPerStatement); i += 1) rows.push(row(i));
      await writing;
      writing = insertMany(trx, 'cards', rows);
    }
    await writing;
  });
  // What autovacuum does within a minute of such a load: PostgreSQL plans with the cards' real
  // numbers (without them it takes the owner's 100,000 cards for a few hundred).
  if (!isSqlite(db)) await sql`analyze cards`.execute(db);
  return ids;
}

/** Makes the user a member of each category. */
export async function insertMemberships(
  db: Db,
  userId: string,
  categoryIds: readonly string[],
  role: 'viewer' | 'editor' = 'viewer',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const categoryId of categoryIds) {
      await insertMember(trx, {
        category_id: categoryId,
        user_id: userId,
        role,
        created_at: Date.now(),
      });
    }
  });
}

/**
 * The learner's progress on these cards, due at `dueAt` (as if studied once); the cards of their
 * own are marked studied by their owner, as the review writer does.
 */
export async function insertProgressRows(
  db: Db,
  userId: string,
  cards: readonly { id: string; categoryId: string | null; own: boolean }[],
  dueAt: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < cards.length; start += 500) {
      const chunk = cards.slice(start, start + 500);
      await trx
        .insertInto('progress')
        .values(
          chunk.map((card) => ({
            user_id: userId,
            card_id: card.id,
            category_id: card.categoryId,
            elevation: 1,
            period: 1,
            lapses: 0,
            reps: 1,
            last_review_at: dueAt - 86_400_000,
            due_at: dueAt,
            suspended: 0,
            created_at: dueAt - 86_400_000,
            foreign_card: card.own ? 0 : 1,
          })),
        )
        .execute();
      const own = chunk.filter((card) => card.own).map((card) => card.id);
      if (own.length > 0) {
        await trx.updateTable('cards').set({ owner_studied: 1 }).where('id', 'in', own).execute();
      }
    }
  });
}
