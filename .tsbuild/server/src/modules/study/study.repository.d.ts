import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CombosTable, ProgressTable, ReviewLogTable } from '../../db/schema';
export type ProgressRow = Selectable<ProgressTable>;
export type ReviewLogRow = Selectable<ReviewLogTable>;
export type ComboRow = Selectable<CombosTable>;
/** Which cards a queue may hold: all the learner's own (ownAll) and the cards of these categories. */
export interface CardScope {
    userId: string;
    ownAll: boolean;
    categoryIds: string[];
}
/** How many cards the learner studied for the first time since `since`, by category ('' = none). */
export declare function countIntroducedSince(db: Db, userId: string, since: number): Promise<Map<string, number>>;
export declare function findProgress(db: Db, userId: string, cardId: string): Promise<ProgressRow | undefined>;
export declare function upsertProgress(db: Db, row: Insertable<ProgressTable>): Promise<void>;
export declare function deleteProgress(db: Db, userId: string, cardId: string): Promise<void>;
/**
 * The learner's combo row, created if missing and, on PostgreSQL, locked until the transaction
 * ends: every study write of one learner goes through it, so they run one after the other.
 */
export declare function lockCombo(db: Db, userId: string, lock: boolean): Promise<ComboRow>;
export declare function findCombo(db: Db, userId: string): Promise<ComboRow | undefined>;
export declare function findLogByClientId(db: Db, userId: string, clientReviewId: string): Promise<ReviewLogRow | undefined>;
/** Every log row of the learner on one card, oldest first. */
export declare function listLogOfCard(db: Db, userId: string, cardId: string): Promise<ReviewLogRow[]>;
/** The learner's log rows written after `seq`, oldest first. */
export declare function listLogAfter(db: Db, userId: string, seq: number, limit: number): Promise<ReviewLogRow[]>;
export declare function nextSeq(db: Db, userId: string): Promise<number>;
export declare function insertLog(db: Db, row: Insertable<ReviewLogTable>): Promise<void>;
export declare function listProgressOfUser(db: Db, userId: string): Promise<ProgressRow[]>;
export declare function listLogOfUser(db: Db, userId: string): Promise<ReviewLogRow[]>;
