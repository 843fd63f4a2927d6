import { type StudyFit } from '@glossa/contract';
import { type CardHistory } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import { type FitLogRow } from './fit.repository';
/**
 * Each card's history as it finally counts: its reviews in time order, an undone review removed,
 * an overridden one ("I was right") with the override's grade; days since the card's previous
 * review that counts (0 for its first). Rows are added page by page in the order they were
 * written (an undo or override always after its review), so a long log never holds the event loop
 * in one piece.
 */
export declare class HistoryBuilder {
    private readonly reviews;
    private readonly byCard;
    add(rows: readonly FitLogRow[]): void;
    histories(): CardHistory[];
}
export declare function buildHistories(rows: readonly FitLogRow[]): CardHistory[];
/**
 * POST /api/study/fit: fits the memory numbers to the learner's own log and answers the log loss
 * before (current numbers) and after (proposal). Reads only; the learner applies the proposal
 * through POST /api/user/edit.
 */
export declare function fitToHistory(deps: AppDeps, userId: string): Promise<StudyFit>;
