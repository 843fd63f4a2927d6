/**
 * The learner's day: it starts at their hour in their IANA time zone (decision 0025), not at UTC
 * midnight. Intl gives the wall clock of an instant in a zone; an instant of a wall clock is found
 * from the zone's offset, read twice so that an hour next to a change of offset lands right. An
 * hour a change skips (02:00 on a spring-forward night) starts the day at the first instant after.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    hour: (parts['hour'] ?? 0) % 24,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** The zone's offset from UTC at `ms`, in milliseconds (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const c = wallClock(ms, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` reads `hour`:00 on the given date (day may overflow). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string) {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  // The earlier reading that shows the hour (an hour lived twice starts at its first time); in an
  // hour a change skips, neither does: the later one is the first instant past the gap.
  const shows = [first, second].filter((ms) => wallClock(ms, timeZone).hour === hour);
  return shows.length > 0 ? Math.min(...shows) : Math.max(first, second);
}

export interface LearnerDay {
  start: number;
  next: number;
}

/** The learner's day around `now`: when it started and when the next one starts. */
export function learnerDay(now: number, timeZone: string, dayStartHour: number): LearnerDay {
  const clock = wallClock(now, timeZone);
  let start = instantOf(clock.year, clock.month, clock.day, dayStartHour, timeZone);
  let dayOffset = 0;
  if (start > now) {
    dayOffset = -1;
    start = instantOf(clock.year, clock.month, clock.day - 1, dayStartHour, timeZone);
  }
  const next = instantOf(
    clock.year,
    clock.month,
    clock.day + dayOffset + 1,
    dayStartHour,
    timeZone,
  );
  return { start, next };
}

/** The learner's calendar date (YYYY-MM-DD) of an instant, in their time zone. */
export function learnerDate(ms: number, timeZone: string): string {
  const clock = wallClock(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}
