import { CompiledQuery, sql, type Insertable, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DAY_MS } from '@glossa/srs';
import type { Db } from '../../../db/database';
import type { CardsTable, CombosTable, ProgressTable, ReviewLogTable } from '../../../db/schema';

/** A card as the batch reads it, in its own query (the access rule takes it as it is). */
export type CardRow = Selectable<CardsTable>;

/**
 * Set-based reads and writes of a batch of review submissions (docs/decisions/0005-group-commit.md):
 * a handful of statements whatever the batch's size.
 */

/** (user, item) pairs grouped by user, for `(user_id = ? and x in (…)) or …`. */
function byUser(pairs: readonly { userId: string; value: string }[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { userId, value } of pairs) {
    const values = groups.get(userId) ?? [];
    if (!values.includes(value)) values.push(value);
    groups.set(userId, values);
  }
  return groups;
}

/**
 * The learners' combo rows, created when missing and, on PostgreSQL, locked until the transaction
 * ends (the no-op update takes the row lock, in id order so two transactions never wait on each
 * other in a cycle): every study write of a learner goes through this row, so writes from other
 * transactions wait their turn. SQLite has one writer anyway.
 */
export const lockCombosQuery = (db: Db, userIds: string[]) =>
  db
    .insertInto('combos')
    .values([...userIds].sort().map((user_id) => ({ user_id, current: 0, best: 0, best_at: null })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ current: eb.ref('combos.current') })),
    )
    .returningAll();

/** The learners' settings JSON and the last seq of their log. */
export const learnersQuery = (db: Db, userIds: string[]) =>
  db
    .selectFrom('users')
    .where('users.id', 'in', userIds)
    .select((eb) => [
      'users.id',
      'users.settings',
      // Per learner, so each is one step down the (user_id, seq) index.
      eb
        .selectFrom('review_log')
        .whereRef('review_log.user_id', '=', 'users.id')
        .select((sub) => sub.fn.max('review_log.seq').as('seq'))
        .as('max_seq'),
    ]);

export const logsByClientIdsQuery = (
  db: Db,
  keys: readonly { userId: string; clientReviewId: string }[],
) => {
  const groups = byUser(keys.map((k) => ({ userId: k.userId, value: k.clientReviewId })));
  return db
    .selectFrom('review_log')
    .selectAll()
    .where((eb) =>
      eb.or(
        [...groups].map(([userId, ids]) =>
          eb.and([eb('user_id', '=', userId), eb('client_review_id', 'in', ids)]),
        ),
      ),
    );
};

export const cardsByIdsQuery = (db: Db, ids: string[]) =>
  db.selectFrom('cards').selectAll().where('id', 'in', ids);

export const progressOfPairsQuery = (
  db: Db,
  pairs: readonly { userId: string; cardId: string }[],
) => {
  const groups = byUser(pairs.map((p) => ({ userId: p.userId, value: p.cardId })));
  return db
    .selectFrom('progress')
    .selectAll()
    .where((eb) =>
      eb.or(
        [...groups].map(([userId, ids]) =>
          eb.and([eb('user_id', '=', userId), eb('card_id', 'in', ids)]),
        ),
      ),
    );
};

/** UTC days `firstDay` to `lastDay` (day numbers since the epoch) of one learner. */
export interface DayRange {
  userId: string;
  firstDay: number;
  lastDay: number;
}

/**
 * The learners' daily load over some day ranges: how many of their progress rows fall due on each
 * UTC day (user → day → count). One statement; each range is one range of the (user_id, due_at, …)
 * index.
 */
export async function countDueOnDays(
  db: Db,
  ranges: readonly DayRange[],
): Promise<Map<string, Map<number, number>>> {
  const load = new Map<string, Map<number, number>>();
  if (ranges.length === 0) return load;
  const day = sql<number>`progress.due_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('progress')
    .where((eb) =>
      eb.or(
        ranges.map((range) =>
          eb.and([
            eb('user_id', '=', range.userId),
            eb('due_at', '>=', range.firstDay * DAY_MS),
            eb('due_at', '<', (range.lastDay + 1) * DAY_MS),
          ]),
        ),
      ),
    )
    .select(['user_id', day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['user_id', day])
    .execute();
  for (const row of rows) {
    const days = load.get(row.user_id) ?? new Map<number, number>();
    days.set(Number(row.day), Number(row.n));
    load.set(row.user_id, days);
  }
  return load;
}

/** The columns a review changes in a progress row: its schedule. */
const scheduleColumns = [
  'elevation',
  'period',
  'lapses',
  'reps',
  'last_review_at',
  'due_at',
] as const satisfies readonly (keyof ProgressTable)[];

/**
 * Writes the batch's schedules: new rows whole, existing rows only their schedule columns (so the
 * indexes on the others are left alone, and a category change committed meanwhile is kept).
 */
const upsertProgressQuery = (db: Db, rows: Insertable<ProgressTable>[]) =>
  db
    .insertInto('progress')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'card_id'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            scheduleColumns.map((column) => [column, eb.ref(`excluded.${column}`)]),
          ),
        ),
    );

/**
 * One existing row's schedule, by its key (SQLite): the same statement for every row, so it is
 * prepared once; a row at a time costs about half of a row of the many-row upsert.
 */
const updateScheduleSql =
  `update "progress" set ${scheduleColumns.map((column) => `"${column}" = ?`).join(', ')} ` +
  'where "user_id" = ? and "card_id" = ?';

const updateScheduleQuery = (row: Insertable<ProgressTable>) =>
  CompiledQuery.raw(updateScheduleSql, [
    ...scheduleColumns.map((column) => row[column] ?? null),
    row.user_id,
    row.card_id,
  ]);

const writeCombosQuery = (db: Db, rows: Insertable<CombosTable>[]) =>
  db
    .insertInto('combos')
    .values(rows)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        current: eb.ref('excluded.current'),
        best: eb.ref('excluded.best'),
        best_at: eb.ref('excluded.best_at'),
      })),
    );

/** Every column of a log row, in the order of the one-row insert's parameters. */
const logColumns = [
  'id',
  'user_id',
  'card_id',
  'seq',
  'client_review_id',
  'kind',
  'target_id',
  'reviewed_at',
  'guess',
  'score',
  'success',
  'grade',
  'elapsed_ms',
  'state_before',
  'state_after',
  'result',
] as const satisfies readonly (keyof ReviewLogTable)[];
// A column added to the table and not to the list fails to compile here.
const allLogColumns: Record<Exclude<keyof ReviewLogTable, (typeof logColumns)[number]>, never> = {};
void allLogColumns;

/**
 * One log row (SQLite): like the schedules, a statement prepared once and run for each row,
 * about half the cost of a row of the many-row insert.
 */
const insertLogSql =
  `insert into "review_log" (${logColumns.map((column) => `"${column}"`).join(', ')}) ` +
  `values (${logColumns.map(() => '?').join(', ')})`;

const insertLogQuery = (row: Insertable<ReviewLogTable>) =>
  CompiledQuery.raw(
    insertLogSql,
    logColumns.map((column) => row[column] ?? null),
  );

export interface BatchWrites {
  /** Schedules of cards the learner studies for the first time (no row when the batch began). */
  newProgress: Insertable<ProgressTable>[];
  /** Schedules of rows that existed when the batch began. */
  progress: Insertable<ProgressTable>[];
  /** Cards studied by their owner for the first time (they leave the owner's new cards). */
  firstOwn: string[];
  combos: Insertable<CombosTable>[];
  logs: Insertable<ReviewLogTable>[];
}

/**
 * A batch's writes as separate statements (SQLite, which sends them to its writer together), the
 * log last. Its transaction took the write lock before reading, so the rows read are still there
 * and no other row appeared: existing rows are updated one by one, new ones inserted (the upsert
 * stays, should that ever change); the log rows are inserted one by one.
 */
export function batchWriteQueries(db: Db, writes: BatchWrites): CompiledQuery[] {
  return [
    ...(writes.newProgress.length > 0
      ? [upsertProgressQuery(db, writes.newProgress).compile()]
      : []),
    ...writes.progress.map(updateScheduleQuery),
    ...(writes.firstOwn.length > 0 ? [firstStudiedQuery(db, writes.firstOwn).compile()] : []),
    ...(writes.combos.length > 0 ? [writeCombosQuery(db, writes.combos).compile()] : []),
    ...writes.logs.map(insertLogQuery),
  ];
}

/**
 * A batch's writes in one PostgreSQL statement (data-modifying WITH clauses): one round trip
 * instead of four. Each touches its own table, so none needs to see another's rows.
 */
export function batchWriteStatement(db: Db, writes: BatchWrites) {
  let query = db
    .with('written_progress', () =>
      upsertProgressQuery(db, [...writes.newProgress, ...writes.progress]).returning('card_id'),
    )
    .with('written_combos', () => writeCombosQuery(db, writes.combos).returning('user_id'));
  if (writes.firstOwn.length > 0) {
    const firstOwn = writes.firstOwn;
    query = query.with('first_studied', () =>
      firstStudiedQuery(db, firstOwn).returning('id'),
    ) as unknown as typeof query;
  }
  return query.insertInto('review_log').values(writes.logs);
}

/** The owner's first review of these cards: they leave the owner's new cards. */
const firstStudiedQuery = (db: Db, cardIds: string[]) =>
  db
    .updateTable('cards')
    .set({ owner_studied: 1 })
    .where('id', 'in', cardIds)
    .where('owner_studied', '<>', 1);

/** The reads of a batch, after its combo rows are locked. */
export interface BatchReads {
  userIds: string[];
  logKeys: { userId: string; clientReviewId: string }[];
  cardIds: string[];
  pairs: { userId: string; cardId: string }[];
}

/** A batch's reads as separate statements (SQLite, which sends them to its writer together). */
export function batchReadQueries(db: Db, reads: BatchReads) {
  return [
    learnersQuery(db, reads.userIds),
    logsByClientIdsQuery(db, reads.logKeys),
    cardsByIdsQuery(db, reads.cardIds),
    progressOfPairsQuery(db, reads.pairs),
  ];
}

/** A batch's reads in one PostgreSQL statement, each list a JSON array: one round trip, not four. */
export function batchReadStatement(db: Db, reads: BatchReads) {
  return db.selectNoFrom([
    jsonArrayFrom(learnersQuery(db, reads.userIds)).as('learners'),
    jsonArrayFrom(logsByClientIdsQuery(db, reads.logKeys)).as('logs'),
    jsonArrayFrom(cardsByIdsQuery(db, reads.cardIds)).as('cards'),
    jsonArrayFrom(progressOfPairsQuery(db, reads.pairs)).as('progress'),
  ]);
}
