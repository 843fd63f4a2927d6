import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';
export type FeedbackRow = Selectable<FeedbackTable>;
export declare function insertFeedback(db: Db, row: Insertable<FeedbackTable>): Promise<void>;
export declare function listFeedbackOfUser(db: Db, userId: string): Promise<FeedbackRow[]>;
