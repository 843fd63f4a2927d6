/**
 * Every date the app shows, formatted here, in the learner's locale and time zone (the browser's,
 * which Intl takes when given no locale): a day ("12 Mar 2026" or "12 mars 2026"), a moment (the
 * day and the time), a distance ("in 3 days", "2 hours ago"), and a calendar day the server counts
 * (forecasts). One format per kind, the same on every screen.
 */

type DateInput = string | number | Date;

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const momentFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** The day of a date: "12 Mar 2026" (en-GB), "Mar 12, 2026" (en-US). */
export function formatDate(value: DateInput): string {
  return dayFormat.format(toDate(value));
}

/** A moment: the day and the time, "12 Mar 2026, 14:05". */
export function formatDateTime(value: DateInput): string {
  return momentFormat.format(toDate(value));
}

/**
 * The time of a moment, with its day when it is not today: "14:05", or "13 Mar 2026, 09:00".
 */
export function formatTimeOfDay(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  return date.toDateString() === new Date(now).toDateString()
    ? timeFormat.format(date)
    : momentFormat.format(date);
}

const hourFormat = new Intl.DateTimeFormat(undefined, {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** An hour of any day, as the learner's clock shows it: "04:00" or "4:00 AM". */
export function formatHourOfDay(hour: number): string {
  return hourFormat.format(Date.UTC(2000, 0, 1, hour));
}

/** The browser's IANA time zone (the one every date here is shown in), or null when unknown. */
export function browserTimeZone(): string | null {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How far a moment is from `now`: "in 3 days", "2 hours ago", "tomorrow"; "now" within a minute. */
export function formatRelative(value: DateInput, now: number = Date.now()): string {
  const delta = toDate(value).getTime() - now;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(delta) >= size) return format.format(Math.round(delta / size), unit);
  }
  return 'now';
}

/** How long ago: "5 minutes ago", "yesterday"; "just now" within a minute (or a clock ahead). */
export function formatAgo(value: DateInput, now: number = Date.now()): string {
  const words = formatRelative(Math.min(toDate(value).getTime(), now), now);
  return words === 'now' ? 'just now' : words;
}

/**
 * A calendar day as the server counts it ("2026-03-12", a UTC day): its weekday, with the day of
 * the month and the month's name when asked ("Thursday 12 March").
 */
export function formatCalendarDay(
  day: string,
  { weekday, withDate }: { weekday: 'long' | 'short' | 'narrow'; withDate: boolean },
): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday,
    ...(withDate ? { day: 'numeric', month: weekday === 'long' ? 'long' : undefined } : {}),
    timeZone: 'UTC',
  });
}

const calendarDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A calendar day the server counts ("2026-03-12"): "12 March 2026", or "12 Mar 2026" (short). */
export function formatCalendarDate(day: string, month: 'long' | 'short' = 'long'): string {
  return calendarDay(day).toLocaleDateString(undefined, {
    day: 'numeric',
    month,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The month of a calendar day the server counts: "March 2026", or "Mar 2026" (short). */
export function formatCalendarMonth(day: string, month: 'long' | 'short' = 'long'): string {
  return calendarDay(day).toLocaleDateString(undefined, {
    month,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day of a moment without its year, for a chart's axis: "12 Mar". */
export function formatDayAndMonth(value: DateInput): string {
  return toDate(value).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}
