import { describe, expect, it } from 'vitest';
import { formatAgo, formatCalendarDay, formatDate, formatDateTime, formatRelative } from './dates';

const moment = '2026-03-12T14:05:00.000Z';
const now = Date.parse(moment);

describe('dates', () => {
  it('formats a day and a moment with Intl in the browser’s locale', () => {
    expect(formatDate(moment)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(moment)),
    );
    expect(formatDateTime(now)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(moment),
      ),
    );
    // The same instant whatever it is given as.
    expect(formatDate(new Date(moment))).toBe(formatDate(now));
  });

  it('says how far a moment is, in the largest unit that fits', () => {
    const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(formatRelative(now + 3 * 86_400_000, now)).toBe(format.format(3, 'day'));
    expect(formatRelative(now - 2 * 3_600_000, now)).toBe(format.format(-2, 'hour'));
    expect(formatRelative(now + 14 * 86_400_000, now)).toBe(format.format(2, 'week'));
    expect(formatRelative(now + 30_000, now)).toBe(format.format(0, 'second'));
    expect(formatAgo(now - 5 * 60_000, now)).toBe(format.format(-5, 'minute'));
    // Within a minute, or a clock ahead: "just now", not Intl's bare "now".
    expect(formatAgo(now + 60 * 60_000, now)).toBe('just now');
    expect(formatAgo(now - 59_000, now)).toBe('just now');
  });

  it('names a UTC calendar day by its weekday, whatever the time zone', () => {
    expect(formatCalendarDay('2026-03-12', { weekday: 'long', withDate: false })).toBe(
      new Date(Date.UTC(2026, 2, 12)).toLocaleDateString(undefined, {
        weekday: 'long',
        timeZone: 'UTC',
      }),
    );
    expect(formatCalendarDay('2026-03-12', { weekday: 'long', withDate: true })).toContain('12');
  });
});
