import type { AccountExport, Combo, ReviewResult, UndoResult } from '@glossa/contract';
import { nextCombo } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { timeOrderedId } from '../../db/time-ordered-id';
import { AppError, conflict } from '../../errors';
import { requireCardAccess } from '../cards/card-access';
import { findCard, type CardRow } from '../cards/cards.repository';
import { readSettings } from '../users/learning-settings';
import { requireUser } from '../users/users.service';
import {
  deleteProgress,
  findCombo,
  findLogByClientId,
  findProgress,
  insertLog,
  listLogAfter,
  listLogOfUser,
  listProgressOfUser,
  listLogOfCard,
  lockCombo,
  nextSeq,
  upsertProgress,
  type ComboRow,
  type ReviewLogRow,
} from './study.repository';
import { syncOwnerStudied } from './queue.repository';
import { loadFrom, scheduleAnswer } from './writer/schedule';
import {
  iso,
  progressRow,
  storedProgress,
  toCardProgress,
  toCardState,
  toCombo,
  toStoredCombo,
  toStoredProgress,
  type StoredCombo,
  type StoredProgress,
  type StoredState,
} from './study-state';

async function writeProgress(
  db: Db,
  userId: string,
  card: CardRow,
  progress: StoredProgress | null,
): Promise<void> {
  if (progress) await upsertProgress(db, progressRow(userId, card, progress));
  else await deleteProgress(db, userId, card.id);
  // An undone first review makes the card new again for its owner.
  await syncOwnerStudied(db, [card.id]);
}

async function writeCombo(db: Db, userId: string, combo: StoredCombo): Promise<void> {
  await db
    .updateTable('combos')
    .set({ current: combo.current, best: combo.best, best_at: combo.bestAt })
    .where('user_id', '=', userId)
    .execute();
}

const reviewNotFound = () => new AppError('not_found', 'Review not found');
const suffixed = (clientReviewId: string, kind: 'override' | 'undo') => `${clientReviewId}.${kind}`;

async function begin<T>(
  deps: AppDeps,
  userId: string,
  work: (trx: Db, combo: ComboRow) => Promise<T>,
) {
  // The learner's lane of the group commit: answered once the shared transaction is durable.
  return deps.groupCommit.run(userId, async (trx) => {
    // Serialises the learner's study writes (SQLite: BEGIN IMMEDIATE; PostgreSQL: the row lock).
    const combo = await lockCombo(trx, userId, deps.dbKind === 'postgres');
    return work(trx, combo);
  });
}

interface ReviewTarget {
  target: ReviewLogRow;
  card: CardRow;
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
  const { card } = await requireCardAccess(db, userId, await findCard(db, target.card_id));
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
  return { target, card, overridden, latestOverall };
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
    const { target, card, overridden, latestOverall } = await requireLatestReview(
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
    const outcome = await scheduleAnswer(
      loadFrom(trx),
      userId,
      target.card_id,
      toCardState(original.progress),
      { grade: 2 },
      settings,
      target.reviewed_at,
    );
    const now = deps.now();
    const after: StoredState = {
      progress: {
        ...outcome.state,
        suspended: current.progress?.suspended ?? 0,
        categoryId: current.progress?.categoryId ?? original.progress?.categoryId ?? null,
        createdAt: current.progress?.createdAt ?? target.reviewed_at,
      },
      combo: latestOverall ? nextCombo(original.combo, true, now) : current.combo,
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
    await writeProgress(trx, userId, card, after.progress);
    await writeCombo(trx, userId, after.combo);
    await insertLog(trx, {
      id: timeOrderedId(now),
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
    const { target, card, latestOverall } = await requireLatestReview(trx, userId, clientReviewId);
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
    await writeProgress(trx, userId, card, after.progress);
    await writeCombo(trx, userId, after.combo);
    await insertLog(trx, {
      id: timeOrderedId(deps.now()),
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
