import type { ReviewBody, ReviewResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { ReviewJob } from './review-batch-state';
import { type ReviewWriterData } from './review-writer-messages';
/**
 * Review submissions are written by a thread of their own (docs/decisions/0006-writer-threads.md),
 * on its own database connection, in group commits (0005). Its event loop does nothing else, so
 * the statements of a shared transaction follow each other at the database's pace instead of
 * waiting each time behind the requests that the main thread is serving; the main thread only
 * authenticates, validates and answers.
 */
export declare class ReviewWriter {
    #private;
    constructor(data: ReviewWriterData);
    /** Writes one review; answers once its commit is durable. */
    submit(job: ReviewJob): Promise<ReviewResult>;
    /** Starts the thread ahead of the first review. */
    warmUp(): Promise<void>;
    /** Commits of the writer's group commit so far, and the requests they answered. */
    stats(): {
        commits: number;
        requests: number;
    };
    /** Refuses new reviews, waits for those accepted, and stops the thread. */
    close(): Promise<void>;
}
/**
 * POST /api/study/reviews: scores the guess with the learner's settings, moves the card's schedule
 * (reflowed by the learner's daily load), appends the log and updates the combo, in the review
 * writer's next group commit; answered once that commit is durable. The same clientReviewId again
 * answers the stored result and writes nothing.
 */
export declare function submitReview(deps: AppDeps, userId: string, body: ReviewBody): Promise<{
    clientReviewId: string;
    cardId: string;
    kind: "review" | "override";
    score: number;
    success: boolean;
    expected: string;
    answers: string[];
    diff: {
        kind: "good" | "wrong" | "missing" | "extra" | "accent";
        text: string;
    }[];
    dueAt: string;
    period: number;
    combo: {
        current: number;
        best: number;
        bestAt: string | null;
    };
    reviewedAt: string;
}>;
