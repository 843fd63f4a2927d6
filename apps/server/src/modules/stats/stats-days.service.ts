import type { Db } from '../../db/database';
import { readStudySettings } from '../study/study-settings.service';
import {
  addReview,
  collectActs,
  dayKeys,
  emptyTotals,
  mergeTotals,
  type DayTotals,
  type LoggedReview,
} from './stats-days';
import {
  clearDays,
  dropGoneNotes,
  findMark,
  goneNoteTimes,
  lastGoneNote,
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

interface RefreshPlan {
  days: LearnerDays;
  mark: StatsMarkRow | undefined;
  /** Undefined: the days hold the log already. */
  write?: {
    to: Omit<StatsMarkRow, 'user_id'>;
    whole: boolean;
    sums: Map<string, DayTotals>;
    /** The sums are of new answers only, to add to the stored days (else they replace them). */
    added: boolean;
    /** The last note of deleted reviews summed again (dropped with the write). */
    goneUpTo: number | null;
  };
}

/**
 * What bringing the learner's days up to their log takes: nothing when the mark is at the last
 * log row, no deleted review is noted and the day boundary (time zone, day-start hour) is the one
 * the days were summed with; the days that new log rows and deleted reviews touch summed again;
 * or, for a new boundary or many new rows, the whole log.
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
  const newRows = sameDays
    ? await listLogAfter(db, userId, Number(mark.seq), incrementalMax + 1)
    : null;
  const goneTimes = sameDays && goneUpTo !== null ? await goneNoteTimes(db, userId, goneUpTo) : [];
  const whole =
    newRows === null || newRows.length > incrementalMax || goneTimes.length > incrementalMax;
  const to = { seq: last, time_zone: days.timeZone, day_start_hour: days.dayStartHour };
  // Only new answers (no undo, no override, nothing deleted): added to their days as they are.
  if (!whole && goneUpTo === null && newRows.every((row) => row.kind === 'review')) {
    const sums = sumReviews(newRows, days);
    return { days, mark, write: { to, whole, sums, added: true, goneUpTo } };
  }
  const sums = whole
    ? await sumWholeLog(db, userId, days)
    : await sumTouchedDays(db, userId, days, [
        ...(await touchedTimes(db, userId, newRows)),
        ...goneTimes,
      ]);
  return { days, mark, write: { to, whole, sums, added: false, goneUpTo } };
}

/** Writes a plan's sums with the mark, if the mark is still what the plan read. */
async function applyRefresh(trx: Db, userId: string, plan: RefreshPlan): Promise<boolean> {
  const { write } = plan;
  if (!write) return true;
  if (!(await moveMark(trx, userId, plan.mark, write.to))) return false;
  if (write.whole) await clearDays(trx, userId);
  if (write.goneUpTo !== null) await dropGoneNotes(trx, userId, write.goneUpTo);
  // Read after the mark moved: a refresh that moved it before wrote its days before.
  if (write.added) await addStoredDays(trx, userId, write.sums);
  await writeDays(trx, userId, write.sums);
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

/** Adds the stored totals of the same days to `sums`. */
async function addStoredDays(trx: Db, userId: string, sums: Map<string, DayTotals>) {
  for (const row of await listDays(trx, userId, [...sums.keys()])) {
    const totals = sums.get(row.day);
    if (totals) mergeTotals(totals, row);
  }
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
  const added = sumReviews(reviews, days);
  const to = { seq: toSeq, time_zone: mark.time_zone, day_start_hour: mark.day_start_hour };
  if (!(await moveMark(trx, userId, mark, to))) return;
  await addStoredDays(trx, userId, added);
  await writeDays(trx, userId, added);
}

/**
 * Sums the days of every learner with a log and no days yet (the learners of a database from
 * before statistics, or who have answered but never read them), so that no request of theirs
 * sums a long log: run after the migrations, before the server answers (app.ts). Answers how
 * many learners it summed.
 */
export async function sumDaysOfUnsummedLearners(db: Db): Promise<number> {
  const learners = await db
    .selectFrom('users')
    .select('users.id')
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('stats_log_mark')
              .select('stats_log_mark.user_id')
              .whereRef('stats_log_mark.user_id', '=', 'users.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('review_log')
            .select('review_log.user_id')
            .whereRef('review_log.user_id', '=', 'users.id'),
        ),
      ]),
    )
    .execute();
  for (const learner of learners) await refreshStatsDays(db, learner.id);
  return learners.length;
}
