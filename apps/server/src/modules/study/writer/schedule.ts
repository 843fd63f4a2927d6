import {
  DAY_MS,
  review,
  reflowWindow,
  type CardState,
  type ReviewOutcome,
  type ReviewResult,
  type SchedulerSettings,
} from '@glossa/srs';
import type { Db } from '../../../db/database';
import { countDueOnDays, type DayRange } from './review-batch.repository';

/** The UTC day number (days since the epoch) of a time. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** Where a learner's daily load over a range of days comes from (day → cards due). */
export type LoadSource = (range: DayRange) => Promise<Map<number, number>>;

/** The load read from the database, one query per answer. */
export const loadFrom =
  (db: Db): LoadSource =>
  async (range) =>
    (await countDueOnDays(db, [range])).get(range.userId) ?? new Map();

/** The days reflow may put this answer on, or null when the window is a single day. */
export function reflowDays(
  userId: string,
  state: CardState,
  outcome: ReviewOutcome,
  settings: SchedulerSettings,
  now: number,
): DayRange | null {
  const planned = review(state, outcome, settings, now);
  const [low, high] = reflowWindow(planned.period, settings);
  if (high <= low) return null;
  return { userId, firstDay: dayOf(now) + low, lastDay: dayOf(now) + high };
}

/**
 * One answer scheduled by the engine, with reflow weighted by the learner's real daily load
 * (SCHEDULER.md "Policy"): the count of their progress rows due on each UTC day of the window,
 * read only when the window spans several days. `pending` adds what the caller wrote but has not
 * stored yet (by day number).
 */
export async function scheduleAnswer(
  load: LoadSource,
  userId: string,
  cardId: string,
  state: CardState,
  outcome: ReviewOutcome,
  settings: SchedulerSettings,
  now: number,
  pending: (day: number) => number = () => 0,
): Promise<ReviewResult> {
  const days = reflowDays(userId, state, outcome, settings, now);
  const counts = days ? await load(days) : new Map<number, number>();
  const today = dayOf(now);
  return review(state, outcome, settings, now, {
    cardId,
    dueOn: (offset) => (counts.get(today + offset) ?? 0) + pending(today + offset),
  });
}
