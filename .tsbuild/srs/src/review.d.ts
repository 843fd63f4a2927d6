import { type CardState, type SchedulerSettings } from './memory-model';
import { type Grade } from './policy';
import { type DueLoad } from './reflow';
/** A scored guess (success by guessSuccessMinimumScore) or a grade from an imported log. */
export type ReviewOutcome = {
    score: number;
} | {
    grade: Grade;
};
/** Reflow needs the card (its seed) and, optionally, the learner's load per day. */
export interface ReflowContext {
    cardId: string;
    dueOn?: DueLoad;
}
export interface ReviewResult {
    state: CardState;
    period: number;
    dueAt: number;
    /** R just before this answer; null on a card's first answer. */
    predictedRecall: number | null;
    success: boolean;
    grade: Grade;
}
export declare function outcomeGrade(outcome: ReviewOutcome, settings: SchedulerSettings): Grade;
/**
 * One answer: the memory model moves the elevation, the policy turns it into a period, reflow (when
 * a context is given) moves the due day inside its window. `now` is epoch ms.
 */
export declare function review(state: CardState, outcome: ReviewOutcome, settings: SchedulerSettings, now: number, load?: ReflowContext): ReviewResult;
