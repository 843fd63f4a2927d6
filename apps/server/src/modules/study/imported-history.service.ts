import type { ReviewResult } from '@glossa/contract';
import { newCardStateV2, reviewV2, type CardStateV2, type Grade } from '@glossa/srs';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProgressTable, ReviewLogTable } from '../../db/schema';
import { timeOrderedId } from '../../db/time-ordered-id';
import { readSettings } from '../users/learning-settings';
import { syncOwnerStudied } from './queue.repository';
import { readGradeSettings } from './scheduler-settings.service';
import { iso, type StoredProgress, type StoredState } from './study-state';

// A review history brought from elsewhere (an Anki package, decision 0035) written as the
// learner's own: each answer a log row, each card's schedule the result of replaying its answers
// with version 2 of the scheduler (reviewV2 given the grade outright, as for an imported log),
// so the schedule goes on where the other app left it and a fit has data from the first day.

/** One answer of an imported history: when, its grade (1 missed … 4 quick) and its time. */
export interface ImportedAnswer {
  at: number;
  grade: Grade;
  elapsedMs: number;
}

/** A card's imported answers (its forward direction), with what its progress row needs. */
export interface ImportedCardHistory {
  cardId: string;
  /** The card's category (the progress row's, for the new-cards-per-day count). */
  categoryId: string | null;
  /** The card belongs to someone else (imported into a category shared with the learner). */
  foreign: boolean;
  /** Oldest first. */
  answers: ImportedAnswer[];
  /** Its accepted answers, for the log's result. */
  cardAnswers: string[];
}

/** The log rows an import wrote, after the learner's last row (`fromSeq`) up to `toSeq`. */
export interface ImportedLog {
  fromSeq: number;
  toSeq: number;
  rows: Insertable<ReviewLogTable>[];
}

/** A score that reads as each grade does (missed below, the others above the success minimum). */
const scoreOf: Record<Grade, number> = { 1: 0, 2: 0.9, 3: 1, 4: 1 };
const noCombo = { current: 0, best: 0, bestAt: null };
const insertBatch = 500;

const stored = (
  state: CardStateV2,
  categoryId: string | null,
  createdAt: number,
): StoredProgress => ({
  elevation: state.elevation,
  period: state.period,
  lapses: state.lapses,
  difficulty: state.difficulty,
  reps: state.reps,
  lastReviewAt: state.lastReviewAt,
  dueAt: state.dueAt,
  suspended: 0,
  categoryId,
  createdAt,
});

/**
 * Writes the histories into the learner's log (after their last row) and sets the cards' forward
 * schedules from them, in the caller's transaction. Cards without answers are left new. Answers
 * the log rows written, after `fromSeq` up to `toSeq`.
 */
export async function importReviewHistory(
  db: Db,
  userId: string,
  histories: readonly ImportedCardHistory[],
): Promise<ImportedLog> {
  const withAnswers = histories.filter((history) => history.answers.length > 0);
  if (withAnswers.length === 0) return { fromSeq: 0, toSeq: 0, rows: [] };
  const user = await db
    .selectFrom('users')
    .select('settings')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const settings = { ...readSettings(user.settings), ...(await readGradeSettings(db, userId)) };
  const last = await db
    .selectFrom('review_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const fromSeq = Number(last?.seq ?? 0);
  let seq = fromSeq;
  const logRows: Insertable<ReviewLogTable>[] = [];
  const progressRows: Insertable<ProgressTable>[] = [];
  for (const history of withAnswers) {
    let state = newCardStateV2();
    const createdAt = history.answers[0]?.at ?? 0;
    for (const answer of history.answers) {
      const before: StoredState = {
        progress: state.reps === 0 ? null : stored(state, history.categoryId, createdAt),
        combo: noCombo,
      };
      const outcome = reviewV2(state, { grade: answer.grade }, settings, answer.at);
      state = outcome.state;
      const after: StoredState = {
        progress: stored(state, history.categoryId, createdAt),
        combo: noCombo,
      };
      const clientReviewId = `import-${timeOrderedId(answer.at)}`;
      const result: ReviewResult = {
        clientReviewId,
        cardId: history.cardId,
        direction: 'forward',
        kind: 'review',
        score: scoreOf[answer.grade],
        success: outcome.success,
        grade: outcome.grade,
        expected: history.cardAnswers[0] ?? '',
        answers: history.cardAnswers,
        diff: [],
        dueAt: iso(outcome.dueAt),
        period: outcome.period,
        combo: noCombo,
        reviewedAt: iso(answer.at),
      };
      seq += 1;
      logRows.push({
        id: timeOrderedId(answer.at),
        user_id: userId,
        card_id: history.cardId,
        direction: 'forward',
        seq,
        client_review_id: clientReviewId,
        kind: 'review',
        target_id: null,
        reviewed_at: answer.at,
        guess: '',
        score: scoreOf[answer.grade],
        success: outcome.success ? 1 : 0,
        grade: outcome.grade,
        elapsed_ms: Math.max(0, Math.round(answer.elapsedMs)),
        state_before: JSON.stringify(before),
        state_after: JSON.stringify(after),
        result: JSON.stringify(result),
      });
    }
    progressRows.push({
      user_id: userId,
      card_id: history.cardId,
      direction: 'forward',
      category_id: history.categoryId,
      elevation: state.elevation,
      period: state.period,
      lapses: state.lapses,
      difficulty: state.difficulty,
      reps: state.reps,
      last_review_at: state.lastReviewAt,
      due_at: state.dueAt,
      suspended: 0,
      created_at: createdAt,
      foreign_card: history.foreign ? 1 : 0,
    });
  }
  for (let at = 0; at < progressRows.length; at += insertBatch) {
    const rows = progressRows.slice(at, at + insertBatch);
    await db.insertInto('progress').values(rows).execute();
    // The owner's own cards now have a forward schedule: no longer new to the queue (decision
    // 0027's flag, which the review writer keeps for the answers it writes).
    await syncOwnerStudied(
      db,
      rows.flatMap((row) => (row.foreign_card === 1 ? [] : [row.card_id])),
    );
  }
  for (let at = 0; at < logRows.length; at += insertBatch) {
    await db
      .insertInto('review_log')
      .values(logRows.slice(at, at + insertBatch))
      .execute();
  }
  return { fromSeq, toSeq: seq, rows: logRows };
}
