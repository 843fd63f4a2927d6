import {
  statisticsLimits,
  type RetentionPeriod,
  type StatsActivity,
  type StatsActivityQuery,
  type StatsRetention,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { addDays, monthsBefore, monthStart, streaks, weekStart } from './calendar';
import { dayKeys } from './stats-days';
import {
  listActiveDates,
  listBestComboDays,
  listDaysFrom,
  type StatsDayRow,
} from './stats-days.repository';
import { refreshStatsDays, type LearnerDays } from './stats-days.service';

// The dashboard's statistics (docs/decisions/0036-statistics.md), read from the learner's days.

const todayOf = (deps: AppDeps, days: LearnerDays) =>
  dayKeys(days.timeZone, days.dayStartHour)(deps.now()).key;

/** GET /api/stats/activity */
export async function getActivity(
  deps: AppDeps,
  userId: string,
  query: StatsActivityQuery,
): Promise<StatsActivity> {
  const { db } = deps;
  const learnerDays = await refreshStatsDays(db, userId);
  const today = todayOf(deps, learnerDays);
  const from = addDays(today, 1 - query.days);
  const [rows, dates, combos] = await Promise.all([
    listDaysFrom(db, userId, from),
    listActiveDates(db, userId),
    listBestComboDays(db, userId, statisticsLimits.bestCombos),
  ]);
  // Answers sent later with an earlier time may fall on a day after today's in an older zone.
  const inRange = rows.filter((row) => row.day <= today);
  const { current, best } = streaks(
    dates.filter((date) => date <= today),
    today,
  );
  return {
    today,
    from,
    days: inRange.map((row) => ({
      date: row.day,
      reviews: row.reviews,
      timeMs: Number(row.time_ms),
    })),
    currentStreak: current,
    bestStreak: best,
    totals: {
      reviews: inRange.reduce((sum, row) => sum + row.reviews, 0),
      timeMs: inRange.reduce((sum, row) => sum + Number(row.time_ms), 0),
      activeDays: inRange.length,
    },
    bestCombos: combos.map((row) => ({ date: row.day, combo: row.best_combo })),
  };
}

/** The periods from `first` to the one of `today`, each with the sums of its days. */
function periods(
  rows: StatsDayRow[],
  starts: string[],
  startOf: (date: string) => string,
): RetentionPeriod[] {
  const byStart = new Map<string, RetentionPeriod>(
    starts.map((start) => [
      start,
      { start, youngPassed: 0, youngFailed: 0, maturePassed: 0, matureFailed: 0 },
    ]),
  );
  for (const row of rows) {
    const period = byStart.get(startOf(row.day));
    if (!period) continue;
    period.youngPassed += row.young_passed;
    period.youngFailed += row.young_failed;
    period.maturePassed += row.mature_passed;
    period.matureFailed += row.mature_failed;
  }
  return [...byStart.values()];
}

/** GET /api/stats/retention */
export async function getRetention(deps: AppDeps, userId: string): Promise<StatsRetention> {
  const { db } = deps;
  const learnerDays = await refreshStatsDays(db, userId);
  const today = todayOf(deps, learnerDays);
  const { retentionDays, retentionWeeks, retentionMonths } = statisticsLimits;
  const dayStarts = Array.from({ length: retentionDays }, (_, i) =>
    addDays(today, i - retentionDays + 1),
  );
  const thisWeek = weekStart(today);
  const weekStarts = Array.from({ length: retentionWeeks }, (_, i) =>
    addDays(thisWeek, (i - retentionWeeks + 1) * 7),
  );
  const monthStarts = Array.from({ length: retentionMonths }, (_, i) =>
    monthsBefore(today, retentionMonths - 1 - i),
  );
  const first = [dayStarts[0], weekStarts[0], monthStarts[0]].sort()[0] ?? today;
  const rows = (await listDaysFrom(db, userId, first)).filter((row) => row.day <= today);
  return {
    today,
    days: periods(rows, dayStarts, (date) => date),
    weeks: periods(rows, weekStarts, weekStart),
    months: periods(rows, monthStarts, monthStart),
  };
}
