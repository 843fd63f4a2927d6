import type { AccountExport } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/**
 * POST /api/user/delete: the password proves it is the learner; cascades remove what they own
 * (sessions, tokens, feedback, cards, categories and their memberships, memberships of theirs,
 * study progress, review log and combo).
 */
export declare function deleteAccount(deps: AppDeps, userId: string, currentPassword: string): Promise<void>;
/** GET /api/user/export: everything the learner owns, never another learner's data. */
export declare function exportAccount(deps: AppDeps, userId: string): Promise<AccountExport>;
/** The file name offered by the browser's download: glossa-export-YYYY-MM-DD.json (UTC). */
export declare function exportFileName(now: number): string;
