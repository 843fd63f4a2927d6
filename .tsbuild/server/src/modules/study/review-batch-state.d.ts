import type { LearningSettings, ReviewBody } from '@glossa/contract';
import { type GuessScore } from '@glossa/srs';
import type { CompiledQuery, Insertable, QueryResult } from 'kysely';
import type { Db } from '../../db/database';
import type { ReviewLogTable } from '../../db/schema';
import type { CardRow } from '../cards/cards.repository';
import { type DayRange } from './review-batch.repository';
import { type LoadSource } from './schedule';
import { type StoredProgress, type StoredState } from './study-state';
/** Sends statements of the open transaction together (GroupCommit's executeAll). */
export type SendAll = (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;
/** One review submission, as plain data (it crosses to the review writer thread). */
export interface ReviewJob {
    userId: string;
    body: ReviewBody;
    /** When the server received it (epoch ms): the review's time. */
    now: number;
}
/**
 * What a batch read at its start, and what its reviews changed since, in memory: each review
 * sees the ones before it exactly as if they had been written already, and the writes go out in
 * three statements at the end.
 */
export declare class BatchState {
    #private;
    /**
     * Reads what the batch needs: the learners' combo rows first (created when missing, locked on
     * PostgreSQL), so what follows reads what their earlier transactions committed; then the rest
     * in one statement where the database allows it (PostgreSQL), else sent together.
     */
    static read(trx: Db, all: SendAll, jobs: readonly ReviewJob[], oneStatement: boolean): Promise<BatchState>;
    /**
     * The guess's score and the days reflow may choose from, for a review expected to go through
     * (undefined when it will be refused or replayed: the review itself then says why).
     */
    prepare(job: ReviewJob): {
        scored: GuessScore;
        days: DayRange | null;
    } | undefined;
    /** Reads the load of every reflow window of the batch in one statement. */
    readLoad(trx: Db, ranges: DayRange[]): Promise<void>;
    /** The batch's load where it was read, else one query (a card answered twice, a new day). */
    loadSource(trx: Db): LoadSource;
    log(userId: string, clientReviewId: string): (object & {
        id: string;
        user_id: string;
        kind: "review" | "override" | "undo";
        card_id: string;
        seq: number;
        client_review_id: string;
        reviewed_at: number;
        guess: string;
        score: number;
        success: number;
        grade: number;
        elapsed_ms: number;
        state_before: string;
        state_after: string;
        result: string;
    } & {
        target_id?: string | null | undefined;
    }) | undefined;
    /** The card, if the learner may study it (404 otherwise, as for any hidden card). */
    card(userId: string, cardId: string): CardRow;
    settings(userId: string): LearningSettings;
    before(userId: string, cardId: string): StoredState;
    /** What this batch moved onto (+) or off (−) a day of the learner's load. */
    pendingLoad(userId: string, day: number): number;
    /** Records one review's writes (only once it can no longer fail). */
    record(userId: string, card: CardRow, before: StoredState, after: StoredState & {
        progress: StoredProgress;
    }, log: Omit<Insertable<ReviewLogTable>, 'seq'>): void;
    /**
     * The batch's writes after its last review: in one statement where the database allows it
     * (PostgreSQL), else sent together (SQLite's writer runs them in its own thread).
     */
    write(trx: Db, all: SendAll, oneStatement: boolean): Promise<void>;
}
export declare const score: (guess: string, card: CardRow, settings: LearningSettings) => GuessScore;
