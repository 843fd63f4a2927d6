import type { Db } from '../../db/database';
import { readStudySettings } from '../study/study-settings.service';
import { refreshCategoryCounts } from './stats-categories.service';
import {
  addReview,
  collectActs,
  dayKeys,
  emptyTotals,
  mergeTotals,
  subtractTotals,
  type DayTotals,
  type LoggedReview,
} from './stats-days';
import {
  clearDays,
  dropGoneNotes,
  findMark,
  lastGoneNote,
  listGoneRows,
  lastSeq,
  listDays,
  listActsOnReviewsBetween,
  listAllActs,
  listLogAfter,
  listReviewPage,
  listReviewsBetween,
  moveMark,
  reviewTimes,
  writeDays,
  type StatsMarkRow,
} from './stats-days.repository';

// The learner's log summed per day, brought up to date when read (docs/decisions/0036-statistics.md):
// only the days that the log rows written since the mark, and the reviews deleted with their cards,
// touch are summed again, so the study write path does not change and every writer of the log
// (answers, undo, "I was right") is covered. An imported history adds its sums in its own
// transaction (addReviewsToDays), which the whole log summed at the first read would make seconds.

/** Past this many new log rows, the whole log is summed again rather than day by day. */
const incrementalMax = 5_000;
const pageSize = 20_000;

export interface LearnerDays {
  timeZone: string;
  dayStartHour: number;
}

/** Every day of the learner's log, summed in log order a page at a time. */
async function sumWholeLog(db: Db, userId: string, days: LearnerDays) {
  const acts = collectActs(await listAllActs(db, userId));
  const dayOf = dayKeys(days.timeZone, days.dayStartHour);
  const sums = new Map<string, DayTotals>();
  let after = 0;
  for (;;) {
    const page = await listReviewPage(db, userId, after, pageSize);
    for (const review of page) {
      const { key } = dayOf(review.reviewed_at);
      let totals = sums.get(key);
      if (!totals) sums.set(key, (totals = emptyTotals()));
      addReview(totals, review, acts);
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) break;
    after = Number(last.seq);
  }
  return sums;
}

/** The days the given instants fall on, each summed again from the log. */
async function sumTouchedDays(db: Db, userId: string, days: LearnerDays, times: number[]) {
  const dayOf = dayKeys(days.timeZone, days.dayStartHour);
  const touched = new Map<string, { start: number; next: number }>();
  for (const ms of times) {
    const day = dayOf(ms);
    touched.set(day.key, { start: day.start, next: day.next });
  }
  const sums = new Map<string, DayTotals>();
  for (const [key, { start, next }] of touched) {
    const [reviews, acts] = await Promise.all([
      listReviewsBetween(db, userId, start, next),
      listActsOnReviewsBetween(db, userId, start, next),
    ]);
    const totals = emptyTotals();
    const collected = collectActs(acts);
    for (const review of reviews) addReview(totals, review, collected);
    sums.set(key, totals);
  }
  return sums;
}

/** When the log rows after the mark, and their targets (an override or undo), were answered. */
async function touchedTimes(
  db: Db,
  userId: string,
  rows: { kind: string; target_id: string | null; reviewed_at: number }[],
): Promise<number[]> {
  const targets = rows.flatMap((row) =>
    row.kind !== 'review' && row.target_id !== null ? [row.target_id] : [],
  );
  return [
    ...rows.filter((row) => row.kind === 'review').map((row) => row.reviewed_at),
    ...(await reviewTimes(db, userId, targets)).map((row) => row.reviewed_at),
  ];
}

/** Deleted answers' part of their days, to take out of the stored totals. */
interface Removed {
  sums: Map<string, DayTotals>;
  /** Per day, the highest combo a removed answer reached (the day's best may have been one). */
  combos: Map<string, number>;
  /** An instant of each day (to sum it again from the log). */
  at: Map<string, number>;
}

interface RefreshPlan {
  days: LearnerDays;
  mark: StatsMarkRow | undefined;
  /** Undefined: the days hold the log already. */
  write?: {
    to: Omit<StatsMarkRow, 'user_id'>;
    whole: boolean;
    /** Days summed from the log: they replace the stored ones. */
    summed: Map<string, DayTotals>;
    /** New plain answers' sums, added to the stored days. */
    added: Map<string, DayTotals>;
    removed: Removed;
    /**
     * The copies of deleted rows taken out, dropped with the write: those read (a copy committed
     * meanwhile with a lower id stays for the next read), or all up to the last one seen when the
     * whole log was summed.
     */
    gone: { ids: number[] } | { upTo: number } | null;
  };
}

const noneRemoved = (): Removed => ({ sums: new Map(), combos: new Map(), at: new Map() });

/** The part of the deleted rows' answers in their days, as the days counted them. */
function removedSums(
  rows: (LoggedReview & { kind: string; target_id: string | null; seq: number })[],
  days: LearnerDays,
): Removed {
  const acts = collectActs(
    rows.flatMap((row) =>
      row.kind === 'review' ? [] : [{ ...row, kind: row.kind as 'override' | 'undo' }],
    ),
  );
  const dayOf = dayKeys(days.timeZone, days.dayStartHour);
  const removed: Removed = { sums: new Map(), combos: new Map(), at: new Map() };
  for (const row of rows) {
    if (row.kind !== 'review') continue;
    const { key } = dayOf(row.reviewed_at);
    let totals = removed.sums.get(key);
    if (!totals) removed.sums.set(key, (totals = emptyTotals()));
    const one = emptyTotals();
    addReview(one, row, acts);
    mergeTotals(totals, one);
    removed.combos.set(key, Math.max(removed.combos.get(key) ?? 0, one.best_combo));
    removed.at.set(key, row.reviewed_at);
  }
  return removed;
}

/**
 * What bringing the learner's days up to their log takes: nothing when the mark is at the last
 * log row, no deleted row is waiting and the day boundary (time zone, day-start hour) is the one
 * the days were summed with. New plain answers are added to their days and deleted answers taken
 * out of theirs; the days an undo or override written since acts on are summed again; a new
 * boundary, or many rows, sums the whole log.
 */
async function planRefresh(db: Db, userId: string): Promise<RefreshPlan> {
  const settings = await readStudySettings(db, userId);
  const days: LearnerDays = { timeZone: settings.timeZone, dayStartHour: settings.dayStartHour };
  const [mark, last, goneUpTo] = await Promise.all([
    findMark(db, userId),
    lastSeq(db, userId),
    lastGoneNote(db, userId),
  ]);
  const sameDays =
    mark !== undefined &&
    mark.time_zone === days.timeZone &&
    mark.day_start_hour === days.dayStartHour;
  if (sameDays && Number(mark.seq) >= last && goneUpTo === null) return { days, mark };
  const to = { seq: last, time_zone: days.timeZone, day_start_hour: days.dayStartHour };
  const empty = { added: new Map(), removed: noneRemoved() };
  const newRows = sameDays
    ? await listLogAfter(db, userId, Number(mark.seq), incrementalMax + 1)
    : null;
  const gone =
    sameDays && goneUpTo !== null
      ? await listGoneRows(db, userId, goneUpTo, incrementalMax + 1)
      : [];
  if (newRows === null || newRows.length > incrementalMax || gone.length > incrementalMax) {
    const summed = await sumWholeLog(db, userId, days);
    const drop = goneUpTo === null ? null : { upTo: goneUpTo };
    return { days, mark, write: { to, whole: true, summed, ...empty, gone: drop } };
  }
  const removed = removedSums(gone, days);
  const drop = gone.length === 0 ? null : { ids: gone.map((row) => row.gone_id) };
  // Only new answers (no undo, no override): added to their days as they are.
  if (newRows.every((row) => row.kind === 'review')) {
    const added = sumReviews(newRows, days);
    return {
      days,
      mark,
      write: { to, whole: false, summed: new Map(), added, removed, gone: drop },
    };
  }
  const summed = await sumTouchedDays(db, userId, days, await touchedTimes(db, userId, newRows));
  return { days, mark, write: { to, whole: false, summed, added: new Map(), removed, gone: drop } };
}

/** Writes a plan's sums with the mark, if the mark is still what the plan read. */
async function applyRefresh(trx: Db, userId: string, plan: RefreshPlan): Promise<boolean> {
  const { write } = plan;
  if (!write) return true;
  if (!(await moveMark(trx, userId, plan.mark, write.to))) return false;
  if (write.whole) await clearDays(trx, userId);
  if (write.gone !== null) await dropGoneNotes(trx, userId, write.gone);
  const { summed, added, removed } = write;
  // The stored days are read after the mark moved: a refresh that moved it before wrote its days
  // before.
  const keys = [...new Set([...added.keys(), ...removed.sums.keys()])].filter(
    (key) => !summed.has(key),
  );
  const stored = new Map((await listDays(trx, userId, keys)).map((row) => [row.day, row]));
  const again: string[] = [];
  const result = new Map(summed);
  for (const key of keys) {
    const totals = emptyTotals();
    const row = stored.get(key);
    if (row) mergeTotals(totals, row);
    const plus = added.get(key);
    if (plus) mergeTotals(totals, plus);
    const minus = removed.sums.get(key);
    if (minus) {
      subtractTotals(totals, minus);
      // A removed answer may have held the day's best combo, or the day was not as counted.
      const combo = removed.combos.get(key) ?? 0;
      const off = Object.values(totals).some((value) => value < 0);
      if (off || (combo > 0 && combo >= totals.best_combo)) again.push(key);
    }
    result.set(key, totals);
  }
  if (again.length > 0) {
    const times = again.flatMap((key) => removed.at.get(key) ?? []);
    for (const [key, totals] of await sumTouchedDays(trx, userId, plan.days, times)) {
      result.set(key, totals);
    }
  }
  await writeDays(trx, userId, result);
  return true;
}

/** Plain answers (no undo or override acts on them) summed per day. */
function sumReviews(reviews: LoggedReview[], days: LearnerDays): Map<string, DayTotals> {
  const dayOf = dayKeys(days.timeZone, days.dayStartHour);
  const sums = new Map<string, DayTotals>();
  const none = collectActs([]);
  for (const review of reviews) {
    const { key } = dayOf(review.reviewed_at);
    let totals = sums.get(key);
    if (!totals) sums.set(key, (totals = emptyTotals()));
    addReview(totals, review, none);
  }
  return sums;
}

/**
 * Brings the learner's days up to their log: nothing to do when the mark is at the last log row
 * and the day boundary (time zone, day-start hour) is the one the days were summed with; a new
 * boundary, or many new rows, sums the whole log again. Another refresh at the same time wins or
 * loses as a whole (the mark is moved only from what was read).
 */
export async function refreshStatsDays(db: Db, userId: string): Promise<LearnerDays> {
  const plan = await planRefresh(db, userId);
  if (plan.write) await db.transaction().execute((trx) => applyRefresh(trx, userId, plan));
  return plan.days;
}

/**
 * The same in the caller's transaction: before a history import appends to the log, its days are
 * brought up to the log (usually the few answers since the last read), so that addReviewsToDays
 * can add the imported reviews to them. Whether the days now hold the log.
 */
export async function refreshStatsDaysIn(trx: Db, userId: string): Promise<boolean> {
  return applyRefresh(trx, userId, await planRefresh(trx, userId));
}

/**
 * Adds reviews just appended to the learner's log after `fromSeq` up to `toSeq` (an imported
 * history, decision 0035) to their days, in the caller's transaction, so that the first read
 * after a large import does not sum the whole log. Only when the days held the log up to
 * `fromSeq` (refreshStatsDaysIn before the import); otherwise the next read sums what is missing.
 * Imported reviews are plain answers (no undo, no override).
 */
export async function addReviewsToDays(
  trx: Db,
  userId: string,
  fromSeq: number,
  toSeq: number,
  reviews: LoggedReview[],
): Promise<void> {
  const mark = await findMark(trx, userId);
  if (!mark || Number(mark.seq) !== fromSeq || reviews.length === 0) return;
  const days = { timeZone: mark.time_zone, dayStartHour: mark.day_start_hour };
  const to = { seq: toSeq, time_zone: mark.time_zone, day_start_hour: mark.day_start_hour };
  const added = sumReviews(reviews, days);
  const write = {
    to,
    whole: false,
    summed: new Map(),
    added,
    removed: noneRemoved(),
    gone: null,
  };
  await applyRefresh(trx, userId, { days, mark, write });
}

/**
 * Sums the days of every learner with a log and no days yet (the learners of a database from
 * before statistics, or who have answered but never read them), and counts the cards per category
 * of every learner with cards and no counts yet, so that no request of theirs sums a long log or
 * counts every card: run after the migrations, before the server answers (app.ts). Answers how
 * many learners it summed or counted.
 */
export async function sumDaysOfUnsummedLearners(db: Db): Promise<number> {
  const without = (
    table: 'stats_log_mark' | 'stats_categories_mark',
    owned: 'review_log' | 'cards',
  ) =>
    db
      .selectFrom('users')
      .select('users.id')
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(
              eb
                .selectFrom(table)
                .select(`${table}.user_id`)
                .whereRef(`${table}.user_id`, '=', 'users.id'),
            ),
          ),
          owned === 'review_log'
            ? eb.exists(
                eb
                  .selectFrom('review_log')
                  .select('review_log.user_id')
                  .whereRef('review_log.user_id', '=', 'users.id'),
              )
            : eb.exists(
                eb
                  .selectFrom('cards')
                  .select('cards.owner_id')
                  .whereRef('cards.owner_id', '=', 'users.id'),
              ),
        ]),
      )
      .execute();
  const learners = await without('stats_log_mark', 'review_log');
  for (const learner of learners) await refreshStatsDays(db, learner.id);
  const owners = await without('stats_categories_mark', 'cards');
  for (const owner of owners) await refreshCategoryCounts(db, owner.id);
  return learners.length + owners.length;
}
