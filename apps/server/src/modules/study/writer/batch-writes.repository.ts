import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from '../../../db/database';
import type {
  CardsTable,
  CombosTable,
  Direction,
  ProgressTable,
  ReviewLogTable,
} from '../../../db/schema';
import { progressRow, type StoredCombo, type StoredProgress } from '../study-state';

/**
 * Set-based writes of a batch of study writes (docs/decisions/0005-group-commit.md,
 * 0012-study-write-path.md): a handful of statements whatever the batch's size.
 */

/** The columns a review changes in a progress row: its schedule. */
const scheduleColumns = [
  'elevation',
  'period',
  'lapses',
  'difficulty',
  'reps',
  'last_review_at',
  'due_at',
] as const satisfies readonly (keyof ProgressTable)[];

/** The columns of a progress row that a study write sets (foreign_card follows from the card). */
const progressColumns = [
  ...scheduleColumns,
  'category_id',
  'suspended',
  'created_at',
] as const satisfies readonly (keyof ProgressTable)[];

/**
 * Writes the batch's schedules: new rows whole, existing rows only their schedule columns (so the
 * indexes on the others are left alone, and a category change committed meanwhile is kept), or
 * every column for a row put back as another (an undo of a card's first review, then a review).
 */
const upsertProgressQuery = (
  db: Db,
  rows: Insertable<ProgressTable>[],
  columns: readonly (keyof ProgressTable)[] = scheduleColumns,
) =>
  db
    .insertInto('progress')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'card_id', 'direction'])
        .doUpdateSet((eb) =>
          Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])),
        ),
    );

/** The key of a progress row: one learner's schedule of one card in one direction. */
type ProgressKey = { user_id: string; card_id: string; direction: Direction };

/** Progress rows gone back to "new" (an undo of the first review of a card in a direction). */
const deleteProgressQuery = (db: Db, keys: ProgressKey[]) =>
  db
    .deleteFrom('progress')
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([
            eb('user_id', '=', key.user_id),
            eb('card_id', '=', key.card_id),
            eb('direction', '=', key.direction),
          ]),
        ),
      ),
    );

/**
 * One existing row's schedule, by its key (SQLite): the same statement for every row, so it is
 * prepared once; a row at a time costs about half of a row of the many-row upsert.
 */
const updateScheduleSql =
  `update "progress" set ${scheduleColumns.map((column) => `"${column}" = ?`).join(', ')} ` +
  'where "user_id" = ? and "card_id" = ? and "direction" = ?';

const updateScheduleQuery = (row: Insertable<ProgressTable>) =>
  CompiledQuery.raw(updateScheduleSql, [
    ...scheduleColumns.map((column) => row[column] ?? null),
    row.user_id,
    row.card_id,
    row.direction,
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
  'direction',
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
  /** Rows that existed and are written whole again (they were deleted and made anew). */
  replacedProgress: Insertable<ProgressTable>[];
  /** Rows that existed and are gone (the card is new again in that direction). */
  deletedProgress: ProgressKey[];
  /** Cards studied forward by their owner for the first time (they leave the owner's new cards). */
  firstOwn: string[];
  /** Cards their owner no longer studies forward (they are the owner's new cards again). */
  newAgain: string[];
  combos: Insertable<CombosTable>[];
  logs: Insertable<ReviewLogTable>[];
}

/**
 * A (learner, card, direction) the batch wrote: its progress now, and as read (none: there was
 * none).
 */
interface WrittenProgress {
  userId: string;
  card: Pick<CardsTable, 'id' | 'owner_id'>;
  direction: Direction;
  progress: StoredProgress | null;
  read: StoredProgress | undefined;
}

/** The same row but for its schedule (a review or an override changes only that). */
const sameRow = (a: StoredProgress, b: StoredProgress) =>
  a.categoryId === b.categoryId && a.suspended === b.suspended && a.createdAt === b.createdAt;

/**
 * What a batch writes: each progress row it wrote compared with what was read (new, changed,
 * put back whole, or gone, with the owner's flag of the card), the learners' combos, the log.
 */
export function batchWrites(
  written: WrittenProgress[],
  combos: { userId: string; combo: StoredCombo }[],
  logs: Insertable<ReviewLogTable>[],
): BatchWrites {
  const writes: BatchWrites = {
    newProgress: [],
    progress: [],
    replacedProgress: [],
    deletedProgress: [],
    firstOwn: [],
    newAgain: [],
    combos: combos.map(({ userId, combo }) => ({
      user_id: userId,
      current: combo.current,
      best: combo.best,
      best_at: combo.bestAt,
    })),
    logs,
  };
  for (const { userId, card, direction, progress, read } of written) {
    // cards.owner_studied follows the owner's forward schedule (the queue's new cards, 0027).
    const ownForward = card.owner_id === userId && direction === 'forward';
    if (progress && !read) {
      writes.newProgress.push(progressRow(userId, card, direction, progress));
      if (ownForward) writes.firstOwn.push(card.id);
    } else if (progress && read) {
      (sameRow(progress, read) ? writes.progress : writes.replacedProgress).push(
        progressRow(userId, card, direction, progress),
      );
    } else if (read) {
      writes.deletedProgress.push({ user_id: userId, card_id: card.id, direction });
      if (ownForward) writes.newAgain.push(card.id);
    }
  }
  return writes;
}

/**
 * A batch's writes as separate statements (SQLite, which sends them to its writer together), the
 * log last. Its transaction took the write lock before reading, so the rows read are still there
 * and no other row appeared: existing rows are updated one by one, new ones inserted (the upsert
 * stays, should that ever change); the log rows are inserted one by one.
 */
export function batchWriteQueries(db: Db, writes: BatchWrites): CompiledQuery[] {
  return [
    ...(writes.deletedProgress.length > 0
      ? [deleteProgressQuery(db, writes.deletedProgress).compile()]
      : []),
    ...(writes.newProgress.length > 0
      ? [upsertProgressQuery(db, writes.newProgress).compile()]
      : []),
    ...(writes.replacedProgress.length > 0
      ? [upsertProgressQuery(db, writes.replacedProgress, progressColumns).compile()]
      : []),
    ...writes.progress.map(updateScheduleQuery),
    ...(writes.firstOwn.length > 0 ? [ownerStudiedQuery(db, writes.firstOwn, 1).compile()] : []),
    ...(writes.newAgain.length > 0 ? [ownerStudiedQuery(db, writes.newAgain, 0).compile()] : []),
    ...(writes.combos.length > 0 ? [writeCombosQuery(db, writes.combos).compile()] : []),
    ...writes.logs.map(insertLogQuery),
  ];
}

/**
 * A batch's writes on PostgreSQL: one statement (data-modifying WITH clauses), one round trip
 * instead of four; before it, the rows an undo deleted, if any. Each clause touches its own rows
 * (a progress row is in one list only, a card in one of the owner lists), so none needs to see
 * another's.
 */
export function batchWriteStatements(db: Db, writes: BatchWrites): CompiledQuery[] {
  return [
    ...(writes.deletedProgress.length > 0
      ? [deleteProgressQuery(db, writes.deletedProgress).compile()]
      : []),
    batchWriteStatement(db, writes).compile(),
  ];
}

function batchWriteStatement(db: Db, writes: BatchWrites) {
  // A batch with a log row has a combo to write; each other clause only when it has rows.
  let query = db.with('written_combos', () =>
    writeCombosQuery(db, writes.combos).returning('user_id'),
  );
  // Clauses added on a condition change the query's type, which a variable cannot follow.
  type Query = typeof query;
  const progress = [...writes.newProgress, ...writes.progress];
  if (progress.length > 0) {
    query = query.with('written_progress', () =>
      upsertProgressQuery(db, progress).returning('card_id'),
    ) as unknown as Query;
  }
  const { replacedProgress, firstOwn, newAgain } = writes;
  if (replacedProgress.length > 0) {
    query = query.with('replaced_progress', () =>
      upsertProgressQuery(db, replacedProgress, progressColumns).returning('card_id'),
    ) as unknown as Query;
  }
  if (firstOwn.length > 0) {
    query = query.with('first_studied', () =>
      ownerStudiedQuery(db, firstOwn, 1).returning('id'),
    ) as unknown as Query;
  }
  if (newAgain.length > 0) {
    query = query.with('new_again', () =>
      ownerStudiedQuery(db, newAgain, 0).returning('id'),
    ) as unknown as Query;
  }
  return query.insertInto('review_log').values(writes.logs);
}

/**
 * Whether their owner studies these cards: 1 after the owner's first review (they leave the
 * owner's new cards), 0 after its undo (they are new again). Only rows that change are written.
 */
const ownerStudiedQuery = (db: Db, cardIds: string[], studied: 0 | 1) =>
  db
    .updateTable('cards')
    .set({ owner_studied: studied })
    .where('id', 'in', cardIds)
    .where('owner_studied', '<>', studied);
