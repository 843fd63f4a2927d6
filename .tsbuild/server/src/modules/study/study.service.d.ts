import type { AccountExport, Combo, ReviewResult, UndoResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/**
 * POST /api/study/reviews/{clientReviewId}/override ("I was right"): the learner's latest review
 * of the card, if it failed, counts as a success (grade 2) from the state before it; logged as an
 * override. Sent again, it answers the same.
 */
export declare function overrideReview(deps: AppDeps, userId: string, clientReviewId: string): Promise<ReviewResult>;
/**
 * POST /api/study/reviews/{clientReviewId}/undo: only the latest (not undone) review of its card;
 * the card's schedule goes back exactly to what it was before (no progress when it was new), and
 * the combo too when nothing else was answered since. Sent again, it answers the same.
 */
export declare function undoReview(deps: AppDeps, userId: string, clientReviewId: string): Promise<UndoResult>;
/** GET /api/study/combo */
export declare function getCombo(deps: AppDeps, userId: string): Promise<Combo>;
/** The learner's progress, review log and combo for GET /api/user/export. */
export declare function exportStudy(deps: AppDeps, userId: string): Promise<Pick<AccountExport, 'progress' | 'reviews' | 'combo'>>;
