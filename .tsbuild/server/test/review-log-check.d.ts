import type { ReviewBody, ReviewResult } from '@glossa/contract';
import type { ComboRow, ProgressRow as StoredProgressRow } from '../src/modules/study/study.repository';
export interface Learner {
    id: string;
    token: string;
    cards: string[];
}
export interface Sent {
    learner: Learner;
    body: ReviewBody;
}
interface LogRow {
    user_id: string;
    card_id: string;
    seq: number;
    client_review_id: string;
    kind: string;
    reviewed_at: number;
    state_before: string;
    state_after: string;
    result: string;
}
/** The progress columns the check compares (foreign_card is derived from the card). */
type ProgressRow = Omit<StoredProgressRow, 'foreign_card'>;
interface Tables {
    log: LogRow[];
    progress: ProgressRow[];
    combos: ComboRow[];
}
/** A fresh database for the server: a SQLite file in the data folder, or a copy of the template. */
export declare function freshDatabase(dataDir: string): Promise<{
    env: Record<string, string>;
    read(): Promise<Tables>;
    drop(): Promise<void>;
}>;
interface Findings {
    problems: string[];
    rows: number;
    /** Unacknowledged reviews the database holds (committed, then the answer was lost). */
    unacknowledgedKept: number;
}
/**
 * Every acknowledged review is in the log exactly once with the answer that was sent, and an
 * unacknowledged one once or not at all; every row is a review that was sent; each learner's rows
 * follow one another (seq 1..n, each row's state before is the state after the previous row of
 * its card and of the learner's combo); progress and combo rows are the state after the last row.
 */
export declare function check(tables: Tables, learners: Learner[], acked: Map<string, Sent & {
    result: ReviewResult;
}>, unacked: Map<string, Sent>): Findings;
export {};
