import type { Db } from '../../db/database';
import { readStudySettings } from '../study/study-settings.service';
import { addReview, collectActs, dayKeys, emptyTotals, type DayTotals } from './stats-days';
import {
  clearDays,
  findMark,
  lastSeq,
  listActsOnReviewsBetween,
  listAllActs,
  listLogAfter,
  listReviewPage,
  listReviewsBetween,
  moveMark,
  reviewTimes,
  writeDays,
} from './stats-days.repository';

// The learner's log summed per day, brought up to date when read (docs/decisions/0036-statistics.md):
// only the days that the log rows written since the mark touch are summed again, so the study
// write path does not change and every writer of the log (answers, undo, "I was right", imports)
// is covered.

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

/** The days the log rows after `seq` touch (an override or undo: its review's day), summed again. */
async function sumTouchedDays(
  db: Db,
  userId: string,
  days: LearnerDays,
  rows: { kind: string; target_id: string | null; reviewed_at: number }[],
) {
  const dayOf = dayKeys(days.timeZone, days.dayStartHour);
  const targets = rows.flatMap((row) =>
    row.kind !== 'review' && row.target_id !== null ? [row.target_id] : [],
  );
  const times = [
    ...rows.filter((row) => row.kind === 'review').map((row) => row.reviewed_at),
    ...(await reviewTimes(db, userId, targets)).map((row) => row.reviewed_at),
  ];
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

/**
 * Brings the learner's days up to their log: nothing to do when the mark is at the last log row
 * and the day boundary (time zone, day-start hour) is the one the days were summed with; a new
 * boundary, or many new rows (an import), sums the whole log again. Another refresh at the same
 * time wins or loses as a whole (the mark is moved only from what was read).
 */
export async function refreshStatsDays(db: Db, userId: string): Promise<LearnerDays> {
  const settings = await readStudySettings(db, userId);
  const days: LearnerDays = { timeZone: settings.timeZone, dayStartHour: settings.dayStartHour };
  const [mark, last] = await Promise.all([findMark(db, userId), lastSeq(db, userId)]);
  const sameDays =
    mark !== undefined &&
    mark.time_zone === days.timeZone &&
    mark.day_start_hour === days.dayStartHour;
  if (sameDays && Number(mark.seq) >= last) return days;
  const newRows = sameDays
    ? await listLogAfter(db, userId, Number(mark.seq), incrementalMax + 1)
    : null;
  const whole = newRows === null || newRows.length > incrementalMax;
  const sums = whole
    ? await sumWholeLog(db, userId, days)
    : await sumTouchedDays(db, userId, days, newRows);
  const to = { seq: last, time_zone: days.timeZone, day_start_hour: days.dayStartHour };
  await db.transaction().execute(async (trx) => {
    if (!(await moveMark(trx, userId, mark, to))) return;
    if (whole) await clearDays(trx, userId);
    await writeDays(trx, userId, sums);
  });
  return days;
}
