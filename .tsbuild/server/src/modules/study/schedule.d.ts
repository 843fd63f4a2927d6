import { type CardState, type ReviewOutcome, type ReviewResult, type SchedulerSettings } from '@glossa/srs';
import type { Db } from '../../db/database';
import { type DayRange } from './review-batch.repository';
/** The UTC day number (days since the epoch) of a time. */
export declare const dayOf: (ms: number) => number;
/** Where a learner's daily load over a range of days comes from (day → cards due). */
export type LoadSource = (range: DayRange) => Promise<Map<number, number>>;
/** The load read from the database, one query per answer. */
export declare const loadFrom: (db: Db) => LoadSource;
/** The days reflow may put this answer on, or null when the window is a single day. */
export declare function reflowDays(userId: string, state: CardState, outcome: ReviewOutcome, settings: SchedulerSettings, now: number): DayRange | null;
/**
 * One answer scheduled by the engine, with reflow weighted by the learner's real daily load
 * (SCHEDULER.md "Policy"): the count of their progress rows due on each UTC day of the window,
 * read only when the window spans several days. `pending` adds what the caller wrote but has not
 * stored yet (by day number).
 */
export declare function scheduleAnswer(load: LoadSource, userId: string, cardId: string, state: CardState, outcome: ReviewOutcome, settings: SchedulerSettings, now: number, pending?: (day: number) => number): Promise<ReviewResult>;
