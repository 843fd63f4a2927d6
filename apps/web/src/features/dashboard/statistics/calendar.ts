// Calendar dates (YYYY-MM-DD) of the learner's days, read without a time zone.

const DAY = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export const addDays = (date: string, days: number) =>
  new Date(toMs(date) + days * DAY).toISOString().slice(0, 10);

/** 0 for Monday … 6 for Sunday. */
export const weekday = (date: string) => (new Date(toMs(date)).getUTCDay() + 6) % 7;

export {
  formatCalendarDate as formatDate,
  formatCalendarMonth as formatMonth,
} from '../../../lib/dates';

export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 59_500) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
