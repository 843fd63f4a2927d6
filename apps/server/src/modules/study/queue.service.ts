import {
  type StudyQueue,
  type StudyQueueItem,
  type StudyQueueQuery,
  type StudySettings,
  type StudyToday,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { Direction } from '../../db/schema';
import { readCardContents, type CardContent } from '../cards/cards.service';
import { readStudyScope, studiedCategorySet } from '../categories/category-scope.service';
import { learnerDay, type LearnerDay } from './learner-day';
import { readStudySettings } from './study-settings.service';
import { countAnsweredSince, countIntroducedSince, type ProgressRow } from './study.repository';
import { countDueCards, listDueCards, nextDueAfter, type QueueScope } from './queue.repository';
import { listNewCardKeys, type NewCardKey } from './queue-new.repository';
import { cardAnswers, iso, toCardProgress, toStoredProgress } from './study-state';

async function queueScope(db: Db, userId: string, categoryId?: string): Promise<QueueScope> {
  if (categoryId === undefined) {
    return { userId, own: 'all', foreign: studiedCategorySet(db, userId) };
  }
  const { own, others } = await readStudyScope(db, userId, categoryId, 'categoryId');
  return { userId, own, foreign: others };
}

const toQueueItem = (
  card: CardContent,
  direction: Direction,
  kind: 'due' | 'new',
  progress: ProgressRow | undefined,
): StudyQueueItem => {
  const stored = toStoredProgress(progress);
  return {
    cardId: card.id,
    categoryId: card.categoryId,
    front: card.front,
    answers: card.answers,
    notes: card.notes,
    fromLanguageCode: card.fromLanguageCode,
    toLanguageCode: card.toLanguageCode,
    direction,
    kind,
    progress: stored ? toCardProgress(stored) : null,
  };
};

/**
 * How many cards the learner studied for the first time since `since`, by the category they were
 * in ('' for none).
 */
export function newCardsIntroducedSince(
  db: Db,
  userId: string,
  since: number,
): Promise<Map<string, number>> {
  return countIntroducedSince(db, userId, since);
}

/** At most this many new cards a day whatever the limit (studySettingsLimits.newCardsPerDayMax). */
const NEW_CANDIDATES_MAX = 1000;

/** The learner's day against their limits, across all their categories (decision 0025). */
export interface StudyDayState {
  settings: StudySettings;
  day: LearnerDay;
  newStudied: number;
  reviewsDone: number;
  newLeft: number;
  reviewsLeft: number;
  /** The answers since the day start that no undo took back, and how many succeeded. */
  answered: { total: number; successes: number };
}

export async function readStudyDay(db: Db, userId: string, now: number): Promise<StudyDayState> {
  const settings = await readStudySettings(db, userId);
  const day = learnerDay(now, settings.timeZone, settings.dayStartHour);
  const [introduced, answered] = await Promise.all([
    countIntroducedSince(db, userId, day.start),
    countAnsweredSince(db, userId, day.start),
  ]);
  const newStudied = [...introduced.values()].reduce((sum, n) => sum + n, 0);
  // Each card studied for the first time today took one answer that was not a review.
  const reviewsDone = Math.max(0, answered.total - newStudied);
  return {
    settings,
    day,
    newStudied,
    reviewsDone,
    newLeft: Math.max(0, settings.newCardsPerDay - newStudied),
    reviewsLeft: Math.max(0, settings.reviewsPerDay - reviewsDone),
    answered,
  };
}

const toToday = (state: StudyDayState, nextDueAt: number | null): StudyToday => ({
  dayStartedAt: iso(state.day.start),
  nextDayAt: iso(state.day.next),
  newCardsPerDay: state.settings.newCardsPerDay,
  reviewsPerDay: state.settings.reviewsPerDay,
  newStudied: state.newStudied,
  reviewsDone: state.reviewsDone,
  nextDueAt: nextDueAt === null ? null : iso(nextDueAt),
});

type DueEntry = Awaited<ReturnType<typeof listDueCards>>[number];

const dueItem = ({ card, progress }: DueEntry) =>
  toQueueItem(
    {
      id: card.id,
      categoryId: card.category_id,
      front: card.front,
      answers: cardAnswers(card),
      notes: card.notes,
      fromLanguageCode: card.from_language_code,
      toLanguageCode: card.to_language_code,
    },
    progress.direction,
    'due',
    progress,
  );

async function newItems(db: Db, keys: NewCardKey[]): Promise<StudyQueueItem[]> {
  const contents = new Map(
    (
      await readCardContents(
        db,
        keys.map((card) => card.id),
      )
    ).map((card) => [card.id, card]),
  );
  return keys.flatMap((key) => {
    const card = contents.get(key.id);
    return card ? [toQueueItem(card, key.direction, 'new', undefined)] : [];
  });
}

/**
 * What the queue of all the learner's cards would count now (its dueCount and newCount): the
 * dashboard's figures, the same as the study screen's (decision 0027: directions as items,
 * siblings buried).
 */
export async function countStudyToday(
  db: Db,
  userId: string,
  now: number,
  state: StudyDayState,
): Promise<{ dueCount: number; newCount: number }> {
  const scope = await queueScope(db, userId);
  const dayStart = state.day.start;
  const [allDue, fresh] = await Promise.all([
    countDueCards(db, scope, now, dayStart),
    listNewCardKeys(db, scope, Math.min(state.newLeft, NEW_CANDIDATES_MAX), now, dayStart),
  ]);
  return { dueCount: Math.min(allDue, state.reviewsLeft), newCount: fresh.length };
}

/**
 * GET /api/study/queue, of the learner's own cards and of the categories they study, or only of one
 * category and its sub-categories. Each direction a card is asked is an item of its own, counted
 * against the limits as one (decision 0027); a queue holds one item of a card at most, and none
 * of a card answered the other way in the learner's day. `study`: the due cards (most overdue first) up to the reviews
 * left today, then new cards (oldest first) up to the new cards left today; the limits are the
 * learner's and count across all their categories from the start of their day. `ahead`: the cards
 * due soonest that are not due yet. `practise`: the studied cards, soonest due first, then new ones
 * (the web answers them on the device: nothing is written).
 */
export async function getQueue(
  deps: AppDeps,
  userId: string,
  query: StudyQueueQuery,
): Promise<StudyQueue> {
  const { db } = deps;
  const now = deps.now();
  const scope = await queueScope(db, userId, query.categoryId);
  const state = await readStudyDay(db, userId, now);
  if (query.mode !== 'study') {
    // Study ahead writes reviews: a card answered one way today is not offered the other way.
    const studied = await listDueCards(
      db,
      scope,
      now,
      query.limit,
      query.mode === 'ahead' ? 'ahead' : 'any',
      query.mode === 'ahead' ? state.day.start : undefined,
    );
    const fresh =
      query.mode === 'practise' && studied.length < query.limit
        ? await listNewCardKeys(db, scope, query.limit - studied.length, now, state.day.start)
        : [];
    const items = [...studied.map(dueItem), ...(await newItems(db, fresh))];
    return { items, dueCount: 0, newCount: 0, today: toToday(state, null) };
  }
  // Independent reads: side by side on PostgreSQL's pool (one after the other on SQLite).
  const dayStart = state.day.start;
  const [due, allDue, fresh, nextDue] = await Promise.all([
    listDueCards(db, scope, now, Math.min(query.limit, state.reviewsLeft), 'due', dayStart),
    countDueCards(db, scope, now, dayStart),
    // One more than allowed tells whether today's limit holds new cards back.
    listNewCardKeys(db, scope, Math.min(state.newLeft, NEW_CANDIDATES_MAX) + 1, now, dayStart),
    nextDueAfter(db, scope, now),
  ]);
  const allowed = fresh.slice(0, Math.min(state.newLeft, NEW_CANDIDATES_MAX));
  const dueCount = Math.min(allDue, state.reviewsLeft);
  // Only the new items of this page are read whole; a card shown due is not shown new as well.
  const dueCards = new Set(due.map((entry) => entry.card.id));
  const shown = allowed
    .filter((key) => !dueCards.has(key.id))
    .slice(0, Math.max(0, query.limit - due.length));
  const items = [...due.map(dueItem), ...(await newItems(db, shown))];
  let nextDueAt: number | null = null;
  if (items.length === 0) {
    const heldBack = allDue > dueCount || fresh.length > allowed.length;
    const times = [nextDue, heldBack ? state.day.next : null].filter(
      (time): time is number => time !== null,
    );
    nextDueAt = times.length > 0 ? Math.min(...times) : null;
  }
  return { items, dueCount, newCount: allowed.length, today: toToday(state, nextDueAt) };
}
