import type { CardProgress, Combo } from '@glossa/contract';
import { type CardState } from '@glossa/srs';
import type { CardRow } from '../cards/cards.repository';
import type { ComboRow, ProgressRow } from './study.repository';
/** The stored state of one progress row (null: the card was new) and the learner's combo. */
export interface StoredProgress {
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
export interface StoredCombo {
    current: number;
    best: number;
    bestAt: number | null;
}
export interface StoredState {
    progress: StoredProgress | null;
    combo: StoredCombo;
}
export declare const iso: (ms: number) => string;
export declare const isoOrNull: (ms: number | null) => string | null;
export declare const storedProgress: (row: ProgressRow) => StoredProgress;
export declare const toStoredProgress: (row: ProgressRow | undefined) => StoredProgress | null;
export declare const toStoredCombo: (row: ComboRow) => StoredCombo;
export declare const toCardState: (progress: StoredProgress | null) => CardState;
export declare const toCombo: (combo: StoredCombo) => Combo;
export declare const toCardProgress: (progress: StoredProgress) => CardProgress;
/** The progress row of a stored state (the card's owner tells whether it is the learner's own). */
export declare const progressRow: (userId: string, card: CardRow, progress: StoredProgress) => {
    user_id: string;
    card_id: string;
    foreign_card: number;
    category_id: string | null;
    elevation: number;
    period: number;
    lapses: number;
    reps: number;
    last_review_at: number | null;
    due_at: number | null;
    suspended: number;
    created_at: number;
};
export declare function comboAfter(combo: StoredCombo, success: boolean, now: number): StoredCombo;
export declare const cardAnswers: (card: CardRow) => string[];
