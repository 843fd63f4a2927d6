// Calendar dates (YYYY-MM-DD) as the learner reads them: whole days, no time zone left in them.

const DAY = 86_400_000;

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => toDate(toMs(date) + days * DAY);

/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY);

/** The Monday of the date's week (ISO weeks). */
export function weekStart(date: string): string {
  const weekday = (new Date(toMs(date)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The first of the month `months` before the date's. */
export function monthsBefore(date: string, months: number): string {
  const d = new Date(toMs(monthStart(date)));
  d.setUTCMonth(d.getUTCMonth() - months);
  return toDate(d.getTime());
}

/** The longest run of consecutive dates, and the run that ends on `today` or the day before. */
export function streaks(dates: string[], today: string): { current: number; best: number } {
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const date of dates) {
    run = previous !== null && daysBetween(previous, date) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = date;
  }
  const last = dates.at(-1);
  const alive = last !== undefined && (last === today || last === addDays(today, -1));
  return { current: alive ? run : 0, best };
}
