import type { Feedback, FeedbackBody, FeedbackCreated } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/** POST /api/feedback: stored as `new` for the admins to read. */
export declare function createFeedback(deps: AppDeps, userId: string, body: FeedbackBody): Promise<FeedbackCreated>;
/** The learner's own feedback, oldest first (for the account export). */
export declare function listOwnFeedback(deps: AppDeps, userId: string): Promise<Feedback[]>;
