import {
  defaultNewCardsPerDay,
  type CardHistoryEntry,
  type CardProgress,
  type CardSchedule,
  type CardScheduleQuery,
  type StudySummary,
  type StudySummaryQuery,
} from '@glossa/contract';
import { DAY_MS, predictRecall } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { getCard } from '../cards/cards.service';
import { listOwnCategoryIds, listStudiedCategories } from '../categories/category-scope.service';
import { newCardsIntroducedSince } from '../study/queue.service';
import { getCombo } from '../study/study.service';
import {
  countAnsweredSince,
  countDueByDay,
  countNewCards,
  findProgress,
  hasCardsInScope,
  listCardHistory,
  type CardScope,
  type NewCardSource,
  type ProgressRow,
  type ReviewLogRow,
} from './stats.repository';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
const isoDate = (ms: number) => iso(ms).slice(0, 10);

/** Sources of new cards per statement: a few hundred bounded scans in one round trip. */
const NEW_SOURCES_PER_QUERY = 200;

/**
 * The new cards the queue still introduces today: per category (and the learner's uncategorised
 * cards), the daily limit less the cards first studied today, bounded by the new cards there.
 */
async function newCardsLeftToday(
  db: Db,
  scope: CardScope,
  owned: string[],
  dayStart: number,
): Promise<number> {
  const introduced = await newCardsIntroducedSince(db, scope.userId, dayStart);
  const keyed: [string, NewCardSource][] = [
    ['', { uncategorisedOf: scope.userId }],
    ...[...new Set([...owned, ...scope.categoryIds])].map((categoryId): [string, NewCardSource] => [
      categoryId,
      { categoryId },
    ]),
  ];
  const sources = keyed
    .map(([key, source]) => ({
      source,
      limit: Math.max(0, defaultNewCardsPerDay - (introduced.get(key) ?? 0)),
    }))
    .filter((entry) => entry.limit > 0);
  let total = 0;
  for (let i = 0; i < sources.length; i += NEW_SOURCES_PER_QUERY) {
    const counts = await countNewCards(
      db,
      scope.userId,
      sources.slice(i, i + NEW_SOURCES_PER_QUERY),
    );
    total += counts.reduce((sum, n) => sum + n, 0);
  }
  return total;
}

/**
 * GET /api/study/summary: today's figures and the forecast, in UTC days like the queue's daily
 * new cards, over the cards the queue studies. Each figure is an indexed query (the new cards a
 * bounded scan per category); nothing loops over the learner's cards.
 */
export async function getStudySummary(
  deps: AppDeps,
  userId: string,
  query: StudySummaryQuery,
): Promise<StudySummary> {
  const { db } = deps;
  const now = deps.now();
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const [studied, owned] = await Promise.all([
    listStudiedCategories(db, userId),
    listOwnCategoryIds(db, userId),
  ]);
  // The cards the queue studies: all the learner's own, and those of the categories they study.
  const scope: CardScope = { userId, ownAll: true, categoryIds: studied };
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [byDay, answered, hasCards, newToday, combo] = await Promise.all([
    countDueByDay(db, scope, owned, {
      start: dayStart,
      end: dayStart + query.forecastDays * DAY_MS,
      dayMs: DAY_MS,
      now,
    }),
    countAnsweredSince(db, userId, dayStart),
    hasCardsInScope(db, scope),
    newCardsLeftToday(db, scope, owned, dayStart),
    getCombo(deps, userId),
  ]);
  const dueOn = new Map(byDay.map((row) => [row.day, row.due]));
  const forecast = Array.from({ length: query.forecastDays }, (_, day) => ({
    date: isoDate(dayStart + day * DAY_MS),
    due: dueOn.get(day) ?? 0,
  }));
  return {
    today: isoDate(dayStart),
    hasCards,
    dueNow: byDay.reduce((sum, row) => sum + row.dueNow, 0),
    dueToday: forecast[0]?.due ?? 0,
    newToday,
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
 * GET /api/cards/{id}/schedule: the caller's own schedule of a card they may see (404 otherwise),
 * the recall the memory model predicts now, and their newest log rows on it.
 */
export async function getCardSchedule(
  deps: AppDeps,
  userId: string,
  cardId: string,
  query: CardScheduleQuery,
): Promise<CardSchedule> {
  const { db } = deps;
  const card = await getCard(deps, userId, cardId);
  const progress = await findProgress(db, userId, card.id);
  const history = await listCardHistory(db, userId, card.id, query.historyLimit);
  const recall = progress
    ? predictRecall(
        {
          elevation: progress.elevation,
          period: progress.period,
          lapses: progress.lapses,
          reps: progress.reps,
          lastReviewAt: progress.last_review_at,
          dueAt: progress.due_at,
        },
        deps.now(),
      )
    : null;
  return {
    cardId: card.id,
    status: progress ? 'studied' : 'new',
    progress: progress ? toProgress(progress) : null,
    recall,
    history: toHistory(history.rows),
    historyTotal: history.total,
  };
}
