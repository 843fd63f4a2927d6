import { sql, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DAY_MS } from '@glossa/srs';
import type { Db } from '../../../db/database';
import type { CardsTable } from '../../../db/schema';
import { cardAsksReverse } from '../../categories/category-scope.service';

/**
 * Set-based reads of a batch of study writes (docs/decisions/0005-group-commit.md,
 * 0012-study-write-path.md): a handful of statements whatever the batch's size.
 */

/**
 * A card as the batch reads it, in its own query (the access rule takes it as it is), with
 * whether it is asked in reverse now (1 or 0: cardAsksReverse).
 */
export type CardRow = Selectable<CardsTable> & { asks_reverse: number };

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

/** The cards by id (a batch of overrides and undos alone asks for none: `1 = 0`, not `in ()`). */
export const cardsByIdsQuery = (db: Db, ids: string[]) =>
  db
    .selectFrom('cards')
    .selectAll()
    .select(sql<number>`case when ${cardAsksReverse()} then 1 else 0 end`.as('asks_reverse'))
    .where((eb) => (ids.length > 0 ? eb('id', 'in', ids) : eb.or([])));

/** Every log row of the learner on one card, oldest first (what an override or undo checks). */
const logOfCardQuery = (db: Db, userId: string, cardId: string) =>
  db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .orderBy('seq', 'asc');

/** The learner's log rows written after `seq`, oldest first, `limit` at most. */
const logAfterQuery = (db: Db, userId: string, seq: number, limit: number) =>
  db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .orderBy('seq', 'asc')
    .limit(limit);

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

/** What the overrides and undos of reviews already written read, after the batch's first reads. */
interface TargetReads {
  /** Each review acted on: its learner, card and seq. */
  targets: { userId: string; cardId: string; seq: number }[];
  /** Their cards, and the (learner, card) progress, not read already. */
  cardIds: string[];
  pairs: { userId: string; cardId: string }[];
  /** How many rows after each review are looked at. */
  laterLimit: number;
}

/**
 * The reads of the reviews acted on, as separate statements (SQLite, which sends them to its
 * writer together): each one's card's log and the log after it, in turn; then the cards and the
 * progress (none asked: `1 = 0`).
 */
export function targetReadQueries(db: Db, reads: TargetReads) {
  return [
    ...reads.targets.flatMap((target) => [
      logOfCardQuery(db, target.userId, target.cardId),
      logAfterQuery(db, target.userId, target.seq, reads.laterLimit),
    ]),
    cardsByIdsQuery(db, reads.cardIds),
    progressOfPairsQuery(db, reads.pairs),
  ];
}

/** The same reads in one PostgreSQL statement, each list a JSON array (in no promised order). */
export function targetReadStatement(db: Db, reads: TargetReads) {
  return db.selectNoFrom([
    ...reads.targets.flatMap((target, i) => [
      jsonArrayFrom(logOfCardQuery(db, target.userId, target.cardId)).as(`card_${i}`),
      jsonArrayFrom(logAfterQuery(db, target.userId, target.seq, reads.laterLimit)).as(
        `after_${i}`,
      ),
    ]),
    jsonArrayFrom(cardsByIdsQuery(db, reads.cardIds)).as('cards'),
    jsonArrayFrom(progressOfPairsQuery(db, reads.pairs)).as('progress'),
  ]);
}

/** The learners' seven version-2 numbers (no row: the defaults; decision 0030). */
export const gradeSettingsQuery = (db: Db, userIds: string[]) =>
  db.selectFrom('scheduler_settings').selectAll().where('user_id', 'in', userIds);

/**
 * One learner's latest exact answers' times, newest first, for their quick threshold: a walk down
 * the partial index review_log_exact_by_user (its condition written out, not bound, so both
 * databases see that the index holds every row asked for).
 */
export const exactTimesQuery = (db: Db, userId: string, window: number) =>
  db
    .selectFrom('review_log')
    .select('elapsed_ms')
    .where('user_id', '=', userId)
    .where(sql<boolean>`kind = 'review' and score = 1`)
    .orderBy('seq', 'desc')
    .limit(window);
