import { statisticsLimits } from '@glossa/contract';
import { learnerDate, learnerDay } from '../study/learner-day';

// Summing the review log into learner days (docs/decisions/0036-statistics.md): pure functions,
// the repository reads the rows and the service writes the sums.

/** The columns of a review row the sums read. */
export interface LoggedReview {
  id: string;
  reviewed_at: number;
  success: number;
  elapsed_ms: number;
  state_before: string;
  state_after: string;
}

/** An override or undo acting on a review. */
export interface LoggedAct {
  kind: 'review' | 'override' | 'undo';
  target_id: string | null;
  seq: number;
  success: number;
  state_after: string;
}

export interface DayTotals {
  reviews: number;
  successes: number;
  new_cards: number;
  young_passed: number;
  young_failed: number;
  mature_passed: number;
  mature_failed: number;
  time_ms: number;
  best_combo: number;
}

export const emptyTotals = (): DayTotals => ({
  reviews: 0,
  successes: 0,
  new_cards: 0,
  young_passed: 0,
  young_failed: 0,
  mature_passed: 0,
  mature_failed: 0,
  time_ms: 0,
  best_combo: 0,
});

/** The learner day of an instant, with the last one remembered (the log comes mostly in order). */
export function dayKeys(timeZone: string, dayStartHour: number) {
  let start = 0;
  let next = 0;
  let key = '';
  return (ms: number): { key: string; start: number; next: number } => {
    if (ms < start || ms >= next) {
      const day = learnerDay(ms, timeZone, dayStartHour);
      start = day.start;
      next = day.next;
      key = learnerDate(day.start, timeZone);
    }
    return { key, start, next };
  };
}

/** What overrides and undos did to reviews: the undone ones, and each overridden one's outcome. */
export interface Acts {
  undone: Set<string>;
  overridden: Map<string, { seq: number; success: number; combo: number }>;
}

interface LoggedState {
  progress: { period: number; dueAt: number | null } | null;
  combo?: { current: number };
}

const parse = (json: string): LoggedState => JSON.parse(json) as LoggedState;

export function collectActs(rows: LoggedAct[]): Acts {
  const acts: Acts = { undone: new Set(), overridden: new Map() };
  for (const row of rows) {
    if (row.target_id === null) continue;
    if (row.kind === 'undo') acts.undone.add(row.target_id);
    if (row.kind !== 'override') continue;
    const seen = acts.overridden.get(row.target_id);
    if (seen && seen.seq > row.seq) continue;
    acts.overridden.set(row.target_id, {
      seq: row.seq,
      success: row.success,
      combo: parse(row.state_after).combo?.current ?? 0,
    });
  }
  return acts;
}

/**
 * Adds one review to its day's totals, unless an undo took it back. A review is of a due card
 * when the card had a schedule due at or before the answer (new cards and study ahead are not);
 * young while the interval before it was under 21 days, mature from then on, as Anki counts.
 */
export function addReview(totals: DayTotals, review: LoggedReview, acts: Acts): void {
  if (acts.undone.has(review.id)) return;
  const override = acts.overridden.get(review.id);
  const success = override ? override.success : review.success;
  const passed = success === 1;
  const before = parse(review.state_before).progress;
  totals.reviews += 1;
  if (passed) totals.successes += 1;
  if (before === null) {
    totals.new_cards += 1;
  } else if (before.dueAt !== null && before.dueAt <= review.reviewed_at) {
    if (before.period < statisticsLimits.matureDays) {
      if (passed) totals.young_passed += 1;
      else totals.young_failed += 1;
    } else if (passed) totals.mature_passed += 1;
    else totals.mature_failed += 1;
  }
  totals.time_ms += Math.min(Math.max(review.elapsed_ms, 0), statisticsLimits.answerTimeCapMs);
  const combo = override ? override.combo : (parse(review.state_after).combo?.current ?? 0);
  totals.best_combo = Math.max(totals.best_combo, combo);
}

/** Adds a day's stored totals to `totals` (the best combo is the higher). */
export function mergeTotals(totals: DayTotals, stored: DayTotals): void {
  totals.reviews += Number(stored.reviews);
  totals.successes += Number(stored.successes);
  totals.new_cards += Number(stored.new_cards);
  totals.young_passed += Number(stored.young_passed);
  totals.young_failed += Number(stored.young_failed);
  totals.mature_passed += Number(stored.mature_passed);
  totals.mature_failed += Number(stored.mature_failed);
  totals.time_ms += Number(stored.time_ms);
  totals.best_combo = Math.max(totals.best_combo, Number(stored.best_combo));
}

/** Takes a day's totals out of `totals` (the best combo is left: it is not a sum). */
export function subtractTotals(totals: DayTotals, part: DayTotals): void {
  totals.reviews -= part.reviews;
  totals.successes -= part.successes;
  totals.new_cards -= part.new_cards;
  totals.young_passed -= part.young_passed;
  totals.young_failed -= part.young_failed;
  totals.mature_passed -= part.mature_passed;
  totals.mature_failed -= part.mature_failed;
  totals.time_ms -= part.time_ms;
}
