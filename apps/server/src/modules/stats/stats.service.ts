import {
  type Direction,
  type DirectionSchedule,
  type CardHistoryEntry,
  type CardProgress,
  type CardSchedule,
  type CardScheduleQuery,
  type StudySummary,
  type StudySummaryQuery,
} from '@glossa/contract';
import { DAY_MS, predictRecall } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import { requireStudiedCard } from '../cards/cards.service';
import { ownCategorySet, studiedCategorySet } from '../categories/category-scope.service';
import { learnerDate } from '../study/learner-day';
import { countStudyToday, readStudyDay } from '../study/queue.service';
import { getCombo } from '../study/study.service';
import {
  countDueByDay,
  findProgress,
  hasCardsInScope,
  listCardHistory,
  type CardScope,
  type ProgressRow,
  type ReviewLogRow,
} from './stats.repository';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * GET /api/study/summary: today's figures and the forecast, in the learner's days (their hour in
 * their time zone) like the queue's daily limits, over the cards the queue studies. Each figure is
 * an indexed query (the new cards a bounded scan per category); nothing loops over the learner's
 * cards.
 */
export async function getStudySummary(
  deps: AppDeps,
  userId: string,
  query: StudySummaryQuery,
): Promise<StudySummary> {
  const { db } = deps;
  const now = deps.now();
  // The learner's day (their hour in their time zone), as the queue counts it.
  const state = await readStudyDay(db, userId, now);
  const dayStart = state.day.start;
  const owned = ownCategorySet(db, userId);
  // The cards the queue studies: all the learner's own, and those of the categories they study.
  const scope: CardScope = { userId, ownAll: true, categories: studiedCategorySet(db, userId) };
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const { answered } = state;
  const [byDay, hasCards, counts, combo] = await Promise.all([
    countDueByDay(db, scope, owned, {
      start: dayStart,
      end: dayStart + query.forecastDays * DAY_MS,
      dayMs: DAY_MS,
      now,
    }),
    hasCardsInScope(db, scope),
    // What the queue offers now (each direction of a card an item), as the study screen counts.
    countStudyToday(db, userId, now, state),
    getCombo(deps, userId),
  ]);
  const dueOn = new Map(byDay.map((row) => [row.day, row.due]));
  const forecast = Array.from({ length: query.forecastDays }, (_, day) => ({
    // The learner's date of the day's middle (their day starts at their hour in their zone).
    date: learnerDate(dayStart + day * DAY_MS + DAY_MS / 2, state.settings.timeZone),
    due: dueOn.get(day) ?? 0,
  }));
  return {
    today: learnerDate(dayStart + DAY_MS / 2, state.settings.timeZone),
    hasCards,
    dueNow: counts.dueCount,
    dueToday: forecast[0]?.due ?? 0,
    newToday: counts.newCount,
    answeredToday: {
      total: answered.total,
      successes: answered.successes,
      failures: answered.total - answered.successes,
    },
    combo,
    forecast,
  };
}

const toProgress = (row: ProgressRow): CardProgress => ({
  elevation: row.elevation,
  period: row.period,
  lapses: row.lapses,
  reps: row.reps,
  lastReviewAt: isoOrNull(row.last_review_at),
  dueAt: isoOrNull(row.due_at),
  suspended: row.suspended === 1,
});

function toHistory(rows: ReviewLogRow[]): CardHistoryEntry[] {
  // Undo and override rows come after their review, so the newest rows hold all that act on them.
  const undone = new Set(rows.filter((r) => r.kind === 'undo').map((r) => r.target_id));
  const overridden = new Set(rows.filter((r) => r.kind === 'override').map((r) => r.target_id));
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    targetId: row.target_id,
    reviewedAt: iso(row.reviewed_at),
    guess: row.guess,
    score: row.score,
    success: row.success === 1,
    elapsedMs: row.elapsed_ms,
    undone: row.kind === 'review' && undone.has(row.id),
    overridden: row.kind === 'review' && overridden.has(row.id),
  }));
}

/**
 * GET /api/cards/{id}/schedule: the caller's own schedule of a card they study (404 when they may
 * not see it, 403 when they may only read it: the rule of the queue and of reviews),
 * the recall the memory model predicts now, and their newest log rows on it.
 */
export async function getCardSchedule(
  deps: AppDeps,
  userId: string,
  cardId: string,
  query: CardScheduleQuery,
): Promise<CardSchedule> {
  const { db } = deps;
  const { asksReverse } = await requireStudiedCard(deps, userId, cardId);
  const rows = await findProgress(db, userId, cardId);
  const history = await listCardHistory(db, userId, cardId, query.historyLimit);
  const now = deps.now();
  const scheduleOf = (direction: Direction): DirectionSchedule => {
    const progress = rows.find((row) => row.direction === direction);
    return {
      direction,
      asked: direction === 'forward' || asksReverse,
      status: progress ? 'studied' : 'new',
      progress: progress ? toProgress(progress) : null,
      recall: progress
        ? predictRecall(
            {
              elevation: progress.elevation,
              period: progress.period,
              lapses: progress.lapses,
              reps: progress.reps,
              lastReviewAt: progress.last_review_at,
              dueAt: progress.due_at,
            },
            now,
          )
        : null,
    };
  };
  const forward = scheduleOf('forward');
  const reverse = scheduleOf('reverse');
  return {
    cardId,
    status: forward.status,
    progress: forward.progress,
    recall: forward.recall,
    // Reverse when asked that way, or studied that way before it was turned off.
    directions: reverse.asked || reverse.progress ? [forward, reverse] : [forward],
    history: toHistory(history.rows),
    historyTotal: history.total,
  };
}
