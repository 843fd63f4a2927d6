import {
  defaultNewCardsPerDay,
  type StudyQueue,
  type StudyQueueItem,
  type StudyQueueQuery,
} from '@glossa/contract';
import { DAY_MS } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { readCardContents, type CardContent } from '../cards/cards.service';
import { listStudiedCategories, readStudyScope } from '../categories/category-scope.service';
import { countIntroducedSince, type ProgressRow } from './study.repository';
import {
  countDueCards,
  listDueCards,
  listNewCardKeys,
  type NewCardKey,
  type QueueScope,
} from './queue.repository';
import { cardAnswers, toCardProgress, toStoredProgress } from './study-state';

async function queueScope(db: Db, userId: string, categoryId?: string): Promise<QueueScope> {
  if (categoryId === undefined) {
    return { userId, own: 'all', foreign: await listStudiedCategories(db, userId) };
  }
  const { own, others } = await readStudyScope(db, userId, categoryId, 'categoryId');
  return { userId, own, foreign: others };
}

const toQueueItem = (
  card: CardContent,
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
    kind,
    progress: stored ? toCardProgress(stored) : null,
  };
};

/**
 * How many cards the learner studied for the first time since `since`, by the category they were
 * in ('' for none): what the daily limit of new cards counts.
 */
export function newCardsIntroducedSince(
  db: Db,
  userId: string,
  since: number,
): Promise<Map<string, number>> {
  return countIntroducedSince(db, userId, since);
}

/** How many new cards one fetch considers before applying the per-category daily limits. */
const NEW_CANDIDATES_MAX = 1000;

/**
 * GET /api/study/queue: the due cards (most overdue first), then new cards (oldest first, at most
 * defaultNewCardsPerDay first-time cards per category and UTC day), of the learner's own cards and
 * of the categories they are a member of; or only of one category and its sub-categories.
 */
export async function getQueue(
  deps: AppDeps,
  userId: string,
  query: StudyQueueQuery,
): Promise<StudyQueue> {
  const { db } = deps;
  const now = deps.now();
  const scope = await queueScope(db, userId, query.categoryId);
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  // Independent reads: side by side on PostgreSQL's pool (one after the other on SQLite).
  const [due, dueCount, introduced, candidates] = await Promise.all([
    listDueCards(db, scope, now, query.limit),
    countDueCards(db, scope, now),
    countIntroducedSince(db, userId, dayStart),
    listNewCardKeys(db, scope, NEW_CANDIDATES_MAX),
  ]);
  const taken = new Map<string, number>();
  const fresh: NewCardKey[] = [];
  for (const card of candidates) {
    const key = card.category_id ?? '';
    const used = (introduced.get(key) ?? 0) + (taken.get(key) ?? 0);
    if (used >= defaultNewCardsPerDay) continue;
    taken.set(key, (taken.get(key) ?? 0) + 1);
    fresh.push(card);
  }
  // Only the new cards of this page are read whole.
  const shown = fresh.slice(0, Math.max(0, query.limit - due.length));
  const contents = new Map(
    (
      await readCardContents(
        db,
        shown.map((card) => card.id),
      )
    ).map((card) => [card.id, card]),
  );
  const items = [
    ...due.map(({ card, progress }) =>
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
        'due',
        progress,
      ),
    ),
    ...shown.flatMap((key) => {
      const card = contents.get(key.id);
      return card ? [toQueueItem(card, 'new', undefined)] : [];
    }),
  ];
  return { items, dueCount, newCount: fresh.length };
}
