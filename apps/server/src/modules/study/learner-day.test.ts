import { describe, expect, it } from 'vitest';
import { learnerDate, learnerDay } from './learner-day';

const at = (iso: string) => Date.parse(iso);
const day = (now: string, zone: string, hour: number) => {
  const { start, next } = learnerDay(at(now), zone, hour);
  return [new Date(start).toISOString(), new Date(next).toISOString()];
};

/** The learner's day: their hour in their zone, across changes of offset (decision 0025). */
describe('learnerDay', () => {
  it('starts at 4 a.m. in Auckland (UTC+13 in January): 03:59 and 04:01 are different days', () => {
    expect(day('2026-01-09T14:59:00Z', 'Pacific/Auckland', 4)).toEqual([
      '2026-01-08T15:00:00.000Z',
      '2026-01-09T15:00:00.000Z',
    ]);
    expect(day('2026-01-09T15:01:00Z', 'Pacific/Auckland', 4)[0]).toBe('2026-01-09T15:00:00.000Z');
  });

  it('starts at 4 a.m. in Los Angeles, before and after the change to summer time', () => {
    // 8 March 2026: 02:00 PST becomes 03:00 PDT; the day that holds the change is 23 hours long.
    expect(day('2026-03-08T11:59:00Z', 'America/Los_Angeles', 4)).toEqual([
      '2026-03-08T11:00:00.000Z',
      '2026-03-09T11:00:00.000Z',
    ]);
    expect(day('2026-03-08T10:59:00Z', 'America/Los_Angeles', 4)).toEqual([
      '2026-03-07T12:00:00.000Z',
      '2026-03-08T11:00:00.000Z',
    ]);
  });

  it('an hour skipped starts the day just after the gap; an hour lived twice at its first time', () => {
    // 02:00 does not exist in Los Angeles on 8 March 2026: the day starts at 03:00 PDT.
    expect(day('2026-03-08T12:00:00Z', 'America/Los_Angeles', 2)[0]).toBe(
      '2026-03-08T10:00:00.000Z',
    );
    // 01:00 happens twice on 1 November 2026: the day starts at the first (PDT).
    expect(day('2026-11-01T09:30:00Z', 'America/Los_Angeles', 1)[0]).toBe(
      '2026-11-01T08:00:00.000Z',
    );
  });

  it('half-hour zones and UTC', () => {
    expect(day('2026-11-25T03:00:00Z', 'Asia/Kolkata', 0)[0]).toBe('2026-11-24T18:30:00.000Z');
    expect(day('2026-11-25T03:00:00Z', 'UTC', 4)).toEqual([
      '2026-11-24T04:00:00.000Z',
      '2026-11-25T04:00:00.000Z',
    ]);
  });

  it('names the learner’s date in their zone', () => {
    expect(learnerDate(at('2026-01-09T15:30:00Z'), 'Pacific/Auckland')).toBe('2026-01-10');
    expect(learnerDate(at('2026-01-09T15:30:00Z'), 'America/Los_Angeles')).toBe('2026-01-09');
  });
});
