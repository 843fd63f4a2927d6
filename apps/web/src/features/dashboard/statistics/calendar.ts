// Calendar dates (YYYY-MM-DD) of the learner's days, read without a time zone.

import { t } from '@lingui/core/macro';

const DAY = 86_400_000;
const toMs = (date: string) => new Date(`${date}T00:00:00Z`).getTime();

export const addDays = (date: string, days: number) =>
  new Date(toMs(date) + days * DAY).toISOString().slice(0, 10);

/** 0 for Monday … 6 for Sunday. */
export const weekday = (date: string) => (new Date(toMs(date)).getUTCDay() + 6) % 7;

export {
  formatCalendarDate as formatDate,
  formatCalendarMonth as formatMonth,
} from '../../../lib/dates';

/** A time spent: "40 s", "12 min", "2 h", "2 h 5 min", in the interface language. */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 59_500) {
    const seconds = Math.round(ms / 1000);
    return t`${seconds} s`;
  }
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return t`${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t`${hours} h` : t`${hours} h ${rest} min`;
}
