import type { Db } from '../../../db/database';
import { dayOf, type DailyLoad } from './apply-answer';
import { countDueOnDays, type DayRange } from './batch-reads.repository';

/**
 * The learners' daily load as a batch sees it (docs/scheduler.md "Policy"): how many of their progress
 * rows the database held due on each UTC day of the reflow windows, read for the whole batch at
 * once, and how the batch's writes so far moved it.
 */
export class BatchLoad {
  /** What the batch's writes moved onto (+) or off (−) a day, by learner. */
  readonly #moved = new Map<string, Map<number, number>>();
  /** The load read for the whole batch at once, and the day ranges it covers. */
  readonly #dueByDay = new Map<string, Map<number, number>>();
  readonly #covered: DayRange[] = [];

  /** Reads the load of every reflow window of the batch in one statement. */
  async read(trx: Db, ranges: DayRange[]): Promise<void> {
    for (const [userId, days] of await countDueOnDays(trx, ranges)) {
      this.#dueByDay.set(userId, days);
    }
    this.#covered.push(...ranges);
  }

  /**
   * The learner's load over `days` (none: reflow has no choice to make): what the database held
   * (read with the batch's, else now: a card answered twice, a window not foreseen) and what the
   * batch's writes before moved.
   */
  async of(trx: Db, userId: string, days: DayRange | null): Promise<DailyLoad> {
    let counts = new Map<number, number>();
    if (days) {
      const covered = this.#covered.some(
        (known) =>
          known.userId === days.userId &&
          known.firstDay <= days.firstDay &&
          known.lastDay >= days.lastDay,
      );
      counts = covered
        ? (this.#dueByDay.get(days.userId) ?? counts)
        : ((await countDueOnDays(trx, [days])).get(days.userId) ?? counts);
    }
    const moved = this.#moved.get(userId);
    return (day) => (counts.get(day) ?? 0) + (moved?.get(day) ?? 0);
  }

  /** A card's due date moved from `from` to `to` (null: not due, or no progress). */
  move(userId: string, from: number | null, to: number | null): void {
    if (from !== null) this.#add(userId, dayOf(from), -1);
    if (to !== null) this.#add(userId, dayOf(to), 1);
  }

  #add(userId: string, day: number, change: number) {
    const days = this.#moved.get(userId) ?? new Map<number, number>();
    days.set(day, (days.get(day) ?? 0) + change);
    this.#moved.set(userId, days);
  }
}
