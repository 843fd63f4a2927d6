import type { Db } from '../../db/database';
import { type CategoryRow } from '../categories/categories.repository';
import type { CardScope } from './study.repository';
/**
 * The cards the learner studies when no category is chosen, as the queue reads them: all their own,
 * and those of the categories (with their sub-categories) they are a viewer or editor of by the
 * nearest membership. A category that turned private, or was left, no longer counts.
 */
export declare function learnerScope(db: Db, userId: string): Promise<CardScope>;
/** The categories among `rows` of other owners that the learner may study (viewer or editor). */
export declare function studiableForeignIds(db: Db, userId: string, rows: CategoryRow[]): Promise<string[]>;
