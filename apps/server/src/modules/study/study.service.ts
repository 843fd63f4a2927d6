import { randomUUID } from 'node:crypto';
import {
  defaultNewCardsPerDay,
  type CardProgress,
  type AccountExport,
  type Combo,
  type ReviewBody,
  type ReviewResult,
  type StudyQueue,
  type StudyQueueItem,
  type StudyQueueQuery,
  type UndoResult,
} from '@glossa/contract';
import { DAY_MS, newCardState, review, scoreGuess, type CardState } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError, conflict } from '../../errors';
import { requireCardAccess } from '../cards/card-access';
import { findCard, type CardRow } from '../cards/cards.repository';
import {
  findCategoriesByIds,
  listMembershipsOfUser,
  listSubtrees,
  type CategoryRow,
} from '../categories/categories.repository';
import {
  loadAccessContext,
  requireCategoryAccess,
  resolveAccess,
} from '../categories/category-access';
import { readSettings, requireUser } from '../users/users.service';
import {
  countDueCards,
  countIntroducedSince,
  deleteProgress,
  findCombo,
  findLogByClientId,
  findProgress,
  insertLog,
  listDueCards,
  listLogAfter,
  listLogOfUser,
  listProgressOfUser,
  listLogOfCard,
  listNewCards,
  lockCombo,
  nextSeq,
  upsertProgress,
  type CardScope,
  type ComboRow,
  type ProgressRow,
  type ReviewLogRow,
} from './study.repository';

/** The stored state of one progress row (null: the card was new) and the learner's combo. */
interface StoredProgress {
  elevation: number;
  period: number;
  lapses: number;
  reps: number;
  lastReviewAt: number | null;
  dueAt: number | null;
  suspended: number;
  categoryId: string | null;
  createdAt: number;
}
interface StoredCombo {
  current: number;
  best: number;
  bestAt: number | null;
}
interface StoredState {
  progress: StoredProgress | null;
  combo: StoredCombo;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

const storedProgress = (row: ProgressRow): StoredProgress => ({
  elevation: row.elevation,
  period: row.period,
  lapses: row.lapses,
  reps: row.reps,
  lastReviewAt: row.last_review_at,
  dueAt: row.due_at,
  suspended: row.suspended,
  categoryId: row.category_id,
  createdAt: row.created_at,
});

const toStoredProgress = (row: ProgressRow | undefined): StoredProgress | null =>
  row ? storedProgress(row) : null;

const toStoredCombo = (row: ComboRow): StoredCombo => ({
  current: row.current,
  best: row.best,
  bestAt: row.best_at,
});

const toCardState = (progress: StoredProgress | null): CardState =>
  progress
    ? {
        elevation: progress.elevation,
        period: progress.period,
        lapses: progress.lapses,
        reps: progress.reps,
        lastReviewAt: progress.lastReviewAt,
        dueAt: progress.dueAt,
      }
    : newCardState();

const toCombo = (combo: StoredCombo): Combo => ({
  current: combo.current,
  best: combo.best,
  bestAt: isoOrNull(combo.bestAt),
});

export const toCardProgress = (progress: StoredProgress): CardProgress => ({
  elevation: progress.elevation,
  period: progress.period,
  lapses: progress.lapses,
  reps: progress.reps,
  lastReviewAt: isoOrNull(progress.lastReviewAt),
  dueAt: isoOrNull(progress.dueAt),
  suspended: progress.suspended === 1,
});

function comboAfter(combo: StoredCombo, success: boolean, now: number): StoredCombo {
  if (!success) return { ...combo, current: 0 };
  const current = combo.current + 1;
  return current > combo.best
    ? { current, best: current, bestAt: now }
    : { current, best: combo.best, bestAt: combo.bestAt };
}

async function writeProgress(
  db: Db,
  userId: string,
  cardId: string,
  progress: StoredProgress | null,
): Promise<void> {
  if (!progress) {
    await deleteProgress(db, userId, cardId);
    return;
  }
  await upsertProgress(db, {
    user_id: userId,
    card_id: cardId,
    category_id: progress.categoryId,
    elevation: progress.elevation,
    period: progress.period,
    lapses: progress.lapses,
    reps: progress.reps,
    last_review_at: progress.lastReviewAt,
    due_at: progress.dueAt,
    suspended: progress.suspended,
    created_at: progress.createdAt,
  });
}

async function writeCombo(db: Db, userId: string, combo: StoredCombo): Promise<void> {
  await db
    .updateTable('combos')
    .set({ current: combo.current, best: combo.best, best_at: combo.bestAt })
    .where('user_id', '=', userId)
    .execute();
}

const cardAnswers = (card: CardRow): string[] => JSON.parse(card.answers) as string[];

// ---------------------------------------------------------------------------------------------
// Queue

/** The categories whose cards the learner studies besides their own: member (nearest) access. */
async function memberCategoryIds(db: Db, userId: string): Promise<string[]> {
  const memberships = await listMembershipsOfUser(db, userId);
  const roots = await findCategoriesByIds(
    db,
    memberships.map((m) => m.category_id),
  );
  return studiableIds(
    db,
    userId,
    await listSubtrees(
      db,
      roots.map((row) => ({ ownerId: row.owner_id, path: row.path })),
    ),
  );
}

async function studiableIds(db: Db, userId: string, rows: CategoryRow[]): Promise<string[]> {
  const foreign = rows.filter((row) => row.owner_id !== userId);
  const context = await loadAccessContext(db, userId, foreign);
  const ids = rows
    .filter((row) => {
      if (row.owner_id === userId) return true;
      const access = resolveAccess(context, row);
      return access === 'editor' || access === 'viewer';
    })
    .map((row) => row.id);
  return [...new Set(ids)];
}

async function queueScope(db: Db, userId: string, categoryId?: string): Promise<CardScope> {
  if (categoryId === undefined) {
    return { userId, ownAll: true, categoryIds: await memberCategoryIds(db, userId) };
  }
  const { row, access } = await requireCategoryAccess(db, userId, categoryId, 'categoryId');
  if (access === null) throw new AppError('forbidden', 'Join this category to study it');
  const subtree = await listSubtrees(db, [{ ownerId: row.owner_id, path: row.path }]);
  return { userId, ownAll: false, categoryIds: await studiableIds(db, userId, subtree) };
}

const toQueueItem = (
  card: CardRow,
  kind: 'due' | 'new',
  progress: ProgressRow | undefined,
): StudyQueueItem => {
  const stored = toStoredProgress(progress);
  return {
    cardId: card.id,
    categoryId: card.category_id,
    front: card.front,
    notes: card.notes,
    fromLanguageCode: card.from_language_code,
    toLanguageCode: card.to_language_code,
    kind,
    progress: stored ? toCardProgress(stored) : null,
  };
};

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
  const due = await listDueCards(db, scope, now, query.limit);
  const dueCount = await countDueCards(db, scope, now);
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const introduced = await countIntroducedSince(db, userId, dayStart);
  const candidates = await listNewCards(db, scope, NEW_CANDIDATES_MAX);
  const taken = new Map<string, number>();
  const fresh: CardRow[] = [];
  for (const card of candidates) {
    const key = card.category_id ?? '';
    const used = (introduced.get(key) ?? 0) + (taken.get(key) ?? 0);
    if (used >= defaultNewCardsPerDay) continue;
    taken.set(key, (taken.get(key) ?? 0) + 1);
    fresh.push(card);
  }
  const items = [
    ...due.map((card) => toQueueItem(card, 'due', card.progress)),
    ...fresh
      .slice(0, Math.max(0, query.limit - due.length))
      .map((card) => toQueueItem(card, 'new', undefined)),
  ];
  return { items, dueCount, newCount: fresh.length };
}

// ---------------------------------------------------------------------------------------------
// Reviews

const reviewNotFound = () => new AppError('not_found', 'Review not found');
const suffixed = (clientReviewId: string, kind: 'override' | 'undo') => `${clientReviewId}.${kind}`;

async function begin<T>(
  deps: AppDeps,
  userId: string,
  work: (trx: Db, combo: ComboRow) => Promise<T>,
) {
  return deps.db.transaction().execute(async (trx) => {
    // Serialises the learner's study writes (SQLite: BEGIN IMMEDIATE; PostgreSQL: the row lock).
    const combo = await lockCombo(trx, userId, deps.dbKind === 'postgres');
    return work(trx, combo);
  });
}

/**
 * POST /api/study/reviews: scores the guess with the learner's settings, moves the card's schedule,
 * appends the log and updates the combo in one transaction. The same clientReviewId again answers
 * the stored result and writes nothing.
 */
export async function submitReview(
  deps: AppDeps,
  userId: string,
  body: ReviewBody,
): Promise<ReviewResult> {
  return begin(deps, userId, async (trx, comboRow) => {
    const existing = await findLogByClientId(trx, userId, body.clientReviewId);
    if (existing) {
      if (existing.kind !== 'review' || existing.card_id !== body.cardId) {
        throw conflict('clientReviewId', 'This clientReviewId belongs to another answer');
      }
      return JSON.parse(existing.result) as ReviewResult;
    }
    const { card } = await requireCardAccess(trx, userId, await findCard(trx, body.cardId));
    const settings = readSettings((await requireUser(trx, userId)).settings);
    const now = deps.now();
    const answers = cardAnswers(card);
    const scored = scoreGuess(body.guess, answers, {
      language: card.to_language_code,
      minimumScore: settings.guessSuccessMinimumScore,
    });
    const progressRow = await findProgress(trx, userId, card.id);
    const before: StoredState = {
      progress: toStoredProgress(progressRow),
      combo: toStoredCombo(comboRow),
    };
    const outcome = review(toCardState(before.progress), { score: scored.score }, settings, now, {
      cardId: card.id,
    });
    const after: StoredState = {
      progress: {
        ...outcome.state,
        suspended: before.progress?.suspended ?? 0,
        categoryId: before.progress ? before.progress.categoryId : card.category_id,
        createdAt: before.progress?.createdAt ?? now,
      },
      combo: comboAfter(before.combo, outcome.success, now),
    };
    const result: ReviewResult = {
      clientReviewId: body.clientReviewId,
      cardId: card.id,
      kind: 'review',
      score: scored.score,
      success: outcome.success,
      expected: scored.expected,
      answers,
      diff: scored.diff,
      dueAt: iso(outcome.dueAt),
      period: outcome.period,
      combo: toCombo(after.combo),
      reviewedAt: iso(now),
    };
    await writeProgress(trx, userId, card.id, after.progress);
    await writeCombo(trx, userId, after.combo);
    await insertLog(trx, {
      id: randomUUID(),
      user_id: userId,
      card_id: card.id,
      seq: await nextSeq(trx, userId),
      client_review_id: body.clientReviewId,
      kind: 'review',
      target_id: null,
      reviewed_at: now,
      guess: body.guess,
      score: scored.score,
      success: outcome.success ? 1 : 0,
      grade: outcome.grade,
      elapsed_ms: body.elapsedMs,
      state_before: JSON.stringify(before),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    });
    return result;
  });
}

interface ReviewTarget {
  target: ReviewLogRow;
  overridden: boolean;
  /** No other card's row was written after this review (its combo can be restored exactly). */
  latestOverall: boolean;
}

/** The learner's review, which must be the latest (not undone) review of its card. */
async function requireLatestReview(
  db: Db,
  userId: string,
  clientReviewId: string,
): Promise<ReviewTarget> {
  const target = await findLogByClientId(db, userId, clientReviewId);
  if (!target || target.kind !== 'review') throw reviewNotFound();
  await requireCardAccess(db, userId, await findCard(db, target.card_id));
  const rows = await listLogOfCard(db, userId, target.card_id);
  const undoneHere = new Set(rows.filter((r) => r.kind === 'undo').map((r) => r.target_id));
  const latest = rows.filter((r) => r.kind === 'review' && !undoneHere.has(r.id)).at(-1);
  if (latest?.id !== target.id) {
    throw conflict('clientReviewId', 'Only the latest review of a card can be changed');
  }
  const overridden = rows.some((r) => r.kind === 'override' && r.target_id === target.id);
  // Rows after it are transparent when they act on it, or are undone reviews and their undos.
  const later = await listLogAfter(db, userId, target.seq, 100);
  const undone = new Set(later.filter((r) => r.kind === 'undo').map((r) => r.target_id));
  const latestOverall =
    later.length < 100 &&
    later.every(
      (r) =>
        r.target_id === target.id ||
        r.kind === 'undo' ||
        undone.has(r.id) ||
        (r.kind === 'override' && undone.has(r.target_id)),
    );
  return { target, overridden, latestOverall };
}

/**
 * POST /api/study/reviews/{clientReviewId}/override ("I was right"): the learner's latest review
 * of the card, if it failed, counts as a success (grade 2) from the state before it; logged as an
 * override. Sent again, it answers the same.
 */
export async function overrideReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
): Promise<ReviewResult> {
  return begin(deps, userId, async (trx, comboRow) => {
    const done = await findLogByClientId(trx, userId, suffixed(clientReviewId, 'override'));
    if (done) return JSON.parse(done.result) as ReviewResult;
    const { target, overridden, latestOverall } = await requireLatestReview(
      trx,
      userId,
      clientReviewId,
    );
    if (target.success === 1 || overridden) {
      throw conflict('clientReviewId', 'Only a failed answer can be overridden');
    }
    const settings = readSettings((await requireUser(trx, userId)).settings);
    const original = JSON.parse(target.state_before) as StoredState;
    const current: StoredState = {
      progress: toStoredProgress(await findProgress(trx, userId, target.card_id)),
      combo: toStoredCombo(comboRow),
    };
    const outcome = review(
      toCardState(original.progress),
      { grade: 2 },
      settings,
      target.reviewed_at,
      { cardId: target.card_id },
    );
    const now = deps.now();
    const after: StoredState = {
      progress: {
        ...outcome.state,
        suspended: current.progress?.suspended ?? 0,
        categoryId: current.progress?.categoryId ?? original.progress?.categoryId ?? null,
        createdAt: current.progress?.createdAt ?? target.reviewed_at,
      },
      combo: latestOverall ? comboAfter(original.combo, true, now) : current.combo,
    };
    const reviewed = JSON.parse(target.result) as ReviewResult;
    const result: ReviewResult = {
      ...reviewed,
      kind: 'override',
      success: true,
      dueAt: iso(outcome.dueAt),
      period: outcome.period,
      combo: toCombo(after.combo),
    };
    await writeProgress(trx, userId, target.card_id, after.progress);
    await writeCombo(trx, userId, after.combo);
    await insertLog(trx, {
      id: randomUUID(),
      user_id: userId,
      card_id: target.card_id,
      seq: await nextSeq(trx, userId),
      client_review_id: suffixed(clientReviewId, 'override'),
      kind: 'override',
      target_id: target.id,
      reviewed_at: now,
      guess: target.guess,
      score: target.score,
      success: 1,
      grade: outcome.grade,
      elapsed_ms: 0,
      state_before: JSON.stringify(current),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    });
    return result;
  });
}

/**
 * POST /api/study/reviews/{clientReviewId}/undo: only the latest (not undone) review of its card;
 * the card's schedule goes back exactly to what it was before (no progress when it was new), and
 * the combo too when nothing else was answered since. Sent again, it answers the same.
 */
export async function undoReview(
  deps: AppDeps,
  userId: string,
  clientReviewId: string,
): Promise<UndoResult> {
  return begin(deps, userId, async (trx, comboRow) => {
    const done = await findLogByClientId(trx, userId, suffixed(clientReviewId, 'undo'));
    if (done) return JSON.parse(done.result) as UndoResult;
    const { target, latestOverall } = await requireLatestReview(trx, userId, clientReviewId);
    const original = JSON.parse(target.state_before) as StoredState;
    const current: StoredState = {
      progress: toStoredProgress(await findProgress(trx, userId, target.card_id)),
      combo: toStoredCombo(comboRow),
    };
    const after: StoredState = {
      progress: original.progress,
      combo: latestOverall ? original.combo : current.combo,
    };
    const result: UndoResult = {
      clientReviewId,
      cardId: target.card_id,
      progress: after.progress ? toCardProgress(after.progress) : null,
      combo: toCombo(after.combo),
    };
    await writeProgress(trx, userId, target.card_id, after.progress);
    await writeCombo(trx, userId, after.combo);
    await insertLog(trx, {
      id: randomUUID(),
      user_id: userId,
      card_id: target.card_id,
      seq: await nextSeq(trx, userId),
      client_review_id: suffixed(clientReviewId, 'undo'),
      kind: 'undo',
      target_id: target.id,
      reviewed_at: deps.now(),
      guess: target.guess,
      score: target.score,
      success: target.success,
      grade: target.grade,
      elapsed_ms: 0,
      state_before: JSON.stringify(current),
      state_after: JSON.stringify(after),
      result: JSON.stringify(result),
    });
    return result;
  });
}

/** GET /api/study/combo */
export async function getCombo(deps: AppDeps, userId: string): Promise<Combo> {
  const row = await findCombo(deps.db, userId);
  return row ? toCombo(toStoredCombo(row)) : { current: 0, best: 0, bestAt: null };
}

/** The learner's progress, review log and combo for GET /api/user/export. */
export async function exportStudy(
  deps: AppDeps,
  userId: string,
): Promise<Pick<AccountExport, 'progress' | 'reviews' | 'combo'>> {
  const progress = await listProgressOfUser(deps.db, userId);
  const reviews = await listLogOfUser(deps.db, userId);
  return {
    progress: progress.map((row) => ({
      cardId: row.card_id,
      ...toCardProgress(storedProgress(row)),
      firstStudiedAt: iso(row.created_at),
    })),
    reviews: reviews.map((row) => ({
      id: row.id,
      clientReviewId: row.client_review_id,
      cardId: row.card_id,
      kind: row.kind,
      targetId: row.target_id,
      reviewedAt: iso(row.reviewed_at),
      guess: row.guess,
      score: row.score,
      success: row.success === 1,
      grade: row.grade,
      elapsedMs: row.elapsed_ms,
    })),
    combo: await getCombo(deps, userId),
  };
}
