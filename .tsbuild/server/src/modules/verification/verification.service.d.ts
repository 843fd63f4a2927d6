import type { AppDeps } from '../../app-deps';
export interface VerificationRecipient {
    id: string;
    username: string;
    email: string;
}
export declare const verifyEmailUrl: (deps: AppDeps, token: string) => string;
/**
 * Called after sign-up and e-mail change have committed. A mail failure must not turn the
 * committed change into a 500: it is logged at error level and the learner can resend the link.
 */
export declare function sendVerificationEmail(deps: AppDeps, user: VerificationRecipient): Promise<void>;
/**
 * An address that already has an account was used to sign up or was asked for in an e-mail
 * change: its owner is told, and the caller answers as if nothing happened (no enumeration).
 */
export declare function sendEmailInUseNotice(deps: AppDeps, email: string): Promise<void>;
/** POST /api/user/verify-email/resend: a fresh link; an already verified address is a 409. */
export declare function resendVerificationEmail(deps: AppDeps, userId: string): Promise<void>;
/** POST /api/user/verify-email: the link proves the inbox of the address it was sent to. */
export declare function verifyEmail(deps: AppDeps, token: string): Promise<void>;
