import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StatsDaysTable, StatsLogMarkTable } from '../../db/schema';
import type { DayTotals, LoggedAct, LoggedReview } from './stats-days';

// The learner's log summed per day (docs/decisions/0036-statistics.md): stats_days and its mark.

export type StatsDayRow = Selectable<StatsDaysTable>;
export type StatsMarkRow = Selectable<StatsLogMarkTable>;

const reviewColumns = [
  'id',
  'reviewed_at',
  'success',
  'elapsed_ms',
  'state_before',
  'state_after',
] as const;

/** How far the days hold the learner's log, and with which day boundary. */
export async function findMark(db: Db, userId: string): Promise<StatsMarkRow | undefined> {
  return db
    .selectFrom('stats_log_mark')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The learner's last log row (one step down the (user_id, seq) index), 0 for none. */
export async function lastSeq(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('review_log')
    .select('seq')
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.seq) : 0;
}

/** The learner's log rows after `seq`, oldest first, up to `limit`: what changed since the mark. */
export async function listLogAfter(
  db: Db,
  userId: string,
  seq: number,
  limit: number,
): Promise<(LoggedReview & { seq: number; kind: string; target_id: string | null })[]> {
  return db
    .selectFrom('review_log')
    .select([...reviewColumns, 'seq', 'kind', 'target_id'])
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/** When the given reviews of the learner were answered (by their log ids). */
export async function reviewTimes(
  db: Db,
  userId: string,
  ids: string[],
): Promise<{ id: string; reviewed_at: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('review_log')
    .select(['id', 'reviewed_at'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** The learner's reviews answered in [start, end), on the (user_id, reviewed_at) index. */
export async function listReviewsBetween(
  db: Db,
  userId: string,
  start: number,
  end: number,
): Promise<LoggedReview[]> {
  return db
    .selectFrom('review_log')
    .select(reviewColumns)
    .where('user_id', '=', userId)
    .where('reviewed_at', '>=', start)
    .where('reviewed_at', '<', end)
    .where('kind', '=', 'review')
    .execute();
}

/**
 * The overrides and undos acting on the learner's reviews answered in [start, end): each is on
 * its review's card, so it is found on the (card_id, user_id, seq) index from the review.
 */
export async function listActsOnReviewsBetween(
  db: Db,
  userId: string,
  start: number,
  end: number,
): Promise<LoggedAct[]> {
  return db
    .selectFrom('review_log as r')
    .innerJoin('review_log as o', (join) =>
      join
        .onRef('o.card_id', '=', 'r.card_id')
        .onRef('o.user_id', '=', 'r.user_id')
        .onRef('o.target_id', '=', 'r.id'),
    )
    .select(['o.kind', 'o.target_id', 'o.seq', 'o.success', 'o.state_after'])
    .where('r.user_id', '=', userId)
    .where('r.reviewed_at', '>=', start)
    .where('r.reviewed_at', '<', end)
    .where('r.kind', '=', 'review')
    .where('o.kind', '<>', 'review')
    .execute();
}

/** Every override and undo of the learner (for summing the whole log). */
export async function listAllActs(db: Db, userId: string): Promise<LoggedAct[]> {
  return db
    .selectFrom('review_log')
    .select(['kind', 'target_id', 'seq', 'success', 'state_after'])
    .where('user_id', '=', userId)
    .where('kind', '<>', 'review')
    .execute();
}

/** A page of the learner's reviews in log order after `seq` (for summing the whole log). */
export async function listReviewPage(
  db: Db,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<(LoggedReview & { seq: number })[]> {
  return db
    .selectFrom('review_log')
    .select([...reviewColumns, 'seq'])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .where('kind', '=', 'review')
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Moves the mark from what was read (`from`, undefined: none) to `to`; false when another
 * refresh moved it meanwhile (then this one writes nothing: its sums may be older).
 */
export async function moveMark(
  db: Db,
  userId: string,
  from: StatsMarkRow | undefined,
  to: Omit<StatsMarkRow, 'user_id'>,
): Promise<boolean> {
  if (!from) {
    const result = await db
      .insertInto('stats_log_mark')
      .values({ user_id: userId, ...to })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const result = await db
    .updateTable('stats_log_mark')
    .set(to)
    .where('user_id', '=', userId)
    .where('seq', '=', from.seq)
    .where('time_zone', '=', from.time_zone)
    .where('day_start_hour', '=', from.day_start_hour)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the learner's totals of the given days (a day without answers is removed). */
export async function writeDays(
  db: Db,
  userId: string,
  days: Map<string, DayTotals>,
): Promise<void> {
  const keys = [...days.keys()];
  const chunk = 500;
  for (let i = 0; i < keys.length; i += chunk) {
    const part = keys.slice(i, i + chunk);
    await db
      .deleteFrom('stats_days')
      .where('user_id', '=', userId)
      .where('day', 'in', part)
      .execute();
    const rows = part.flatMap((day) => {
      const totals = days.get(day);
      return totals && totals.reviews > 0 ? [{ user_id: userId, day, ...totals }] : [];
    });
    // 11 columns a row: 80 rows stay under SQLite's bound-parameter limit of older builds.
    for (let j = 0; j < rows.length; j += 80) {
      await db
        .insertInto('stats_days')
        .values(rows.slice(j, j + 80))
        .execute();
    }
  }
}

/** The learner's stored totals of the given days. */
export async function listDays(db: Db, userId: string, days: string[]): Promise<StatsDayRow[]> {
  const rows: StatsDayRow[] = [];
  for (let i = 0; i < days.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('stats_days')
        .selectAll()
        .where('user_id', '=', userId)
        .where('day', 'in', days.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** The learner's last copy of a deleted log row (one step down its index), null for none. */
export async function lastGoneNote(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('stats_log_gone')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The copies of the learner's deleted log rows up to `upTo`, up to `limit` of them. */
export async function listGoneRows(
  db: Db,
  userId: string,
  upTo: number,
  limit: number,
): Promise<
  (LoggedReview & { gone_id: number; kind: string; target_id: string | null; seq: number })[]
> {
  const rows = await db
    .selectFrom('stats_log_gone')
    .select([
      'id as gone_id',
      'log_id as id',
      'kind',
      'target_id',
      'seq',
      'reviewed_at',
      'success',
      'elapsed_ms',
      'state_before',
      'state_after',
    ])
    .where('user_id', '=', userId)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    seq: Number(row.seq),
    reviewed_at: Number(row.reviewed_at),
  }));
}

/**
 * Drops the learner's copies of deleted log rows taken out of their days: those given, or all up
 * to `upTo` (after the whole log was summed).
 */
export async function dropGoneNotes(
  db: Db,
  userId: string,
  drop: { ids: number[] } | { upTo: number },
): Promise<void> {
  if ('upTo' in drop) {
    await db
      .deleteFrom('stats_log_gone')
      .where('user_id', '=', userId)
      .where('id', '<=', drop.upTo)
      .execute();
    return;
  }
  for (let i = 0; i < drop.ids.length; i += 500) {
    await db
      .deleteFrom('stats_log_gone')
      .where('user_id', '=', userId)
      .where('id', 'in', drop.ids.slice(i, i + 500))
      .execute();
  }
}

/** Removes every day of the learner (before summing their whole log again). */
export async function clearDays(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('stats_days').where('user_id', '=', userId).execute();
}

/** The learner's days from `from` (a date), oldest first. */
export async function listDaysFrom(db: Db, userId: string, from: string): Promise<StatsDayRow[]> {
  return db
    .selectFrom('stats_days')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .orderBy('day', 'asc')
    .execute();
}

/** Every date of the learner with answers, oldest first (for the best streak). */
export async function listActiveDates(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stats_days')
    .select('day')
    .where('user_id', '=', userId)
    .orderBy('day', 'asc')
    .execute();
  return rows.map((row) => row.day);
}

/** The learner's days of the highest combos, highest first. */
export async function listBestComboDays(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ day: string; best_combo: number }[]> {
  return db
    .selectFrom('stats_days')
    .select(['day', 'best_combo'])
    .where('user_id', '=', userId)
    .where('best_combo', '>', 0)
    .orderBy('best_combo', 'desc')
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
}
