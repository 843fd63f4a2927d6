import type { AppDeps } from '../../app-deps';
export declare const resetPasswordUrl: (deps: AppDeps, token: string) => string;
/**
 * The work behind POST /api/user/forget-password, run after the answer is sent so a known and an
 * unknown address take the same time to answer. Mails a link only to an enabled account.
 */
export declare function mailPasswordResetLink(deps: AppDeps, email: string): Promise<void>;
/**
 * POST /api/user/reset-password: the new password, a new security stamp (every access token
 * dies) and every session revoked, with the token used, in one transaction. The link also
 * proves the inbox, so the address counts as verified.
 */
export declare function resetPassword(deps: AppDeps, token: string, password: string): Promise<void>;
