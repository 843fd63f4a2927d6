/**
 * Every date the app shows, formatted here, in the learner's interface language and the browser's
 * time zone: a day ("12 Mar 2026" or "12 mars 2026"), a moment (the day and the time), a distance
 * ("in 3 days", "2 hours ago"), and a calendar day the server counts (forecasts). One format per
 * kind, the same on every screen. lib/i18n.ts sets the locale (setDateLocale) whenever the
 * interface language changes; the formats are made again for it.
 */

import { t } from '@lingui/core/macro';

type DateInput = string | number | Date;

/** The Intl locale of every format below; undefined (the browser's) until the interface sets it. */
let dateLocale: string | undefined;
let formats: ReturnType<typeof makeFormats> | undefined;

function makeFormats(locale: string | undefined) {
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    moment: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
    hour: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  };
}

const current = () => (formats ??= makeFormats(dateLocale));

/** The formats of calendar days (below), one per set of options, in `dateLocale`. */
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day's format for these options, made on first use and kept until the locale
 * changes: making one costs far more than formatting with it (`toLocaleDateString` with options
 * makes one per call, and the dashboard's calendar formats a year of days as it renders, about a
 * third of a second on a phone; decision 0031's addendum).
 */
function calendarFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = calendarFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale, options);
    calendarFormats.set(key, format);
  }
  return format;
}

/**
 * The locale dates are shown in: the browser's own tag when it is of the interface's language (an
 * English interface in en-GB keeps day-month order), else the interface language itself.
 */
export function setDateLocale(
  language: string,
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): void {
  const own = preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language);
  dateLocale = own ?? language;
  formats = undefined;
  calendarFormats.clear();
}

/** The locale set by setDateLocale (undefined: the browser's), for other Intl formats. */
export function getDateLocale(): string | undefined {
  return dateLocale;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** The day of a date: "12 Mar 2026" (en-GB), "Mar 12, 2026" (en-US). */
export function formatDate(value: DateInput): string {
  return current().day.format(toDate(value));
}

/** A moment: the day and the time, "12 Mar 2026, 14:05". */
export function formatDateTime(value: DateInput): string {
  return current().moment.format(toDate(value));
}

/**
 * The time of a moment, with its day when it is not today: "14:05", or "13 Mar 2026, 09:00".
 */
export function formatTimeOfDay(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  return date.toDateString() === new Date(now).toDateString()
    ? current().time.format(date)
    : current().moment.format(date);
}

/** An hour of any day, as the learner's clock shows it: "04:00" or "4:00 AM". */
export function formatHourOfDay(hour: number): string {
  return current().hour.format(Date.UTC(2000, 0, 1, hour));
}

/** The browser's IANA time zone (the one every date here is shown in), or null when unknown. */
export function browserTimeZone(): string | null {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A page's first `Intl.DateTimeFormat` reads ICU's calendar and time zone data: about 25 ms of a
 * desktop's CPU, once per page (any later one costs a fraction of a millisecond). Made while the
 * start-up waits for its files, so that the first render that shows a date or asks the time zone
 * (the study page's settings, the dashboard's forecast) does not pay it after the page shows
 * (decision 0031).
 */
export function warmDateFormatting(): void {
  new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium' }).format(0);
  browserTimeZone();
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How far a moment is from `now`: "in 3 days", "2 hours ago", "tomorrow"; "now" ("ahora",
 * "maintenant", "jetzt") within a minute.
 */
export function formatRelative(value: DateInput, now: number = Date.now()): string {
  const delta = toDate(value).getTime() - now;
  const format = current().relative;
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(delta) >= size) return format.format(Math.round(delta / size), unit);
  }
  return format.format(0, 'second');
}

/** How long ago: "5 minutes ago", "yesterday"; "just now" within a minute (or a clock ahead). */
export function formatAgo(value: DateInput, now: number = Date.now()): string {
  const then = Math.min(toDate(value).getTime(), now);
  // Intl says "now" there, which reads wrongly after "saved …" or "synced …".
  if (now - then < 60_000) return t`just now`;
  return formatRelative(then, now);
}

/**
 * A calendar day as the server counts it ("2026-03-12", a UTC day): its weekday, with the day of
 * the month and the month's name when asked ("Thursday 12 March").
 */
export function formatCalendarDay(
  day: string,
  { weekday, withDate }: { weekday: 'long' | 'short' | 'narrow'; withDate: boolean },
): string {
  return calendarFormat({
    weekday,
    ...(withDate ? { day: 'numeric', month: weekday === 'long' ? 'long' : undefined } : {}),
    timeZone: 'UTC',
  }).format(calendarDay(day));
}

/** A calendar day ("2026-03-12") as a Date: a date-only ISO string is read as UTC midnight. */
function calendarDay(day: string): Date {
  return new Date(day);
}

/** A calendar day the server counts ("2026-03-12"): "12 March 2026", or "12 Mar 2026" (short). */
export function formatCalendarDate(day: string, month: 'long' | 'short' = 'long'): string {
  return calendarFormat({ day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(
    calendarDay(day),
  );
}

/** The month of a calendar day the server counts: "March 2026", or "Mar 2026" (short). */
export function formatCalendarMonth(day: string, month: 'long' | 'short' = 'long'): string {
  return calendarFormat({ month, year: 'numeric', timeZone: 'UTC' }).format(calendarDay(day));
}

/** The day of a moment without its year, for a chart's axis: "12 Mar". */
export function formatDayAndMonth(value: DateInput): string {
  return calendarFormat({ day: 'numeric', month: 'short' }).format(toDate(value));
}

export type DurationUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * A count of a unit of time in words, Intl's way for the language: "3 days", "1.5 days" (long),
 * "1 wk", "10 yrs" (short; a chart's axis).
 */
export function formatDuration(
  count: number,
  unit: DurationUnit,
  display: 'long' | 'short' = 'long',
): string {
  return calendarNumberFormat(unit, display).format(count);
}

const durationFormats = new Map<string, Intl.NumberFormat>();

function calendarNumberFormat(unit: DurationUnit, display: 'long' | 'short'): Intl.NumberFormat {
  const key = `${dateLocale ?? ''} ${unit} ${display}`;
  let format = durationFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(dateLocale, {
      style: 'unit',
      unit,
      unitDisplay: display,
      maximumFractionDigits: 1,
    });
    durationFormats.set(key, format);
  }
  return format;
}
