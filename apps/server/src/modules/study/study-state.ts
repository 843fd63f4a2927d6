import {
  defaultGradeSettings,
  type CardProgress,
  type Combo,
  type GradeSettings,
} from '@glossa/contract';
import type { Selectable } from 'kysely';
import { newCardStateV2, type CardStateV2 } from '@glossa/srs';
import type { CardsTable, Direction, SchedulerSettingsTable } from '../../db/schema';
import type { ComboRow, ProgressRow } from './study.repository';

/** The stored state of one progress row (null: the card was new) and the learner's combo. */
export interface StoredProgress {
  elevation: number;
  period: number;
  lapses: number;
  /** Version 2's difficulty; absent from states logged before migration 0021 (read as 0). */
  difficulty?: number;
  reps: number;
  lastReviewAt: number | null;
  dueAt: number | null;
  suspended: number;
  categoryId: string | null;
  createdAt: number;
}
export interface StoredCombo {
  current: number;
  best: number;
  bestAt: number | null;
}
export interface StoredState {
  progress: StoredProgress | null;
  combo: StoredCombo;
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const storedProgress = (row: ProgressRow): StoredProgress => ({
  elevation: row.elevation,
  period: row.period,
  lapses: row.lapses,
  difficulty: row.difficulty,
  reps: row.reps,
  lastReviewAt: row.last_review_at,
  dueAt: row.due_at,
  suspended: row.suspended,
  categoryId: row.category_id,
  createdAt: row.created_at,
});

export const toStoredProgress = (row: ProgressRow | undefined): StoredProgress | null =>
  row ? storedProgress(row) : null;

export const toStoredCombo = (row: ComboRow): StoredCombo => ({
  current: row.current,
  best: row.best,
  bestAt: row.best_at,
});

export const toCardState = (progress: StoredProgress | null): CardStateV2 =>
  progress
    ? {
        elevation: progress.elevation,
        period: progress.period,
        lapses: progress.lapses,
        difficulty: progress.difficulty ?? 0,
        reps: progress.reps,
        lastReviewAt: progress.lastReviewAt,
        dueAt: progress.dueAt,
      }
    : newCardStateV2();

export const toCombo = (combo: StoredCombo): Combo => ({
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

/** The progress row of a stored state (the card's owner tells whether it is the learner's own). */
export const progressRow = (
  userId: string,
  card: Pick<CardsTable, 'id' | 'owner_id'>,
  direction: Direction,
  progress: StoredProgress,
) => ({
  user_id: userId,
  card_id: card.id,
  direction,
  foreign_card: card.owner_id === userId ? 0 : 1,
  category_id: progress.categoryId,
  elevation: progress.elevation,
  period: progress.period,
  lapses: progress.lapses,
  difficulty: progress.difficulty ?? 0,
  reps: progress.reps,
  last_review_at: progress.lastReviewAt,
  due_at: progress.dueAt,
  suspended: progress.suspended,
  created_at: progress.createdAt,
});

export const cardAnswers = (card: Pick<CardsTable, 'answers'>): string[] =>
  JSON.parse(card.answers) as string[];

/**
 * What a direction of a card asks for (decision 0027): forward, one of its answers in its
 * to-language; reverse, its front in its from-language. Scored alike (scoreGuess).
 */
export function expectedOf(
  card: Pick<CardsTable, 'answers' | 'front' | 'from_language_code' | 'to_language_code'>,
  direction: Direction,
): { answers: string[]; language: string } {
  return direction === 'reverse'
    ? { answers: [card.front], language: card.from_language_code }
    : { answers: cardAnswers(card), language: card.to_language_code };
}

/** The learner's seven version-2 numbers from their row (none: the defaults; decision 0030). */
export const toGradeSettings = (
  row: Selectable<SchedulerSettingsTable> | undefined,
): GradeSettings =>
  row
    ? {
        initialElevationMissed: row.initial_elevation_missed,
        initialElevationClose: row.initial_elevation_close,
        initialElevationExact: row.initial_elevation_exact,
        initialElevationQuick: row.initial_elevation_quick,
        closeGainFactor: row.close_gain_factor,
        quickGainFactor: row.quick_gain_factor,
        firstMissDifficulty: row.first_miss_difficulty,
      }
    : { ...defaultGradeSettings };
