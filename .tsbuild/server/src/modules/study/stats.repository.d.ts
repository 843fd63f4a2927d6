import type { Db } from '../../db/database';
import type { CardScope, ReviewLogRow } from './study.repository';
/** Whether the scope holds any card. */
export declare function hasCardsInScope(db: Db, scope: CardScope): Promise<boolean>;
/**
 * The learner's active cards of the scope falling due before `end`, counted per day of `dayMs`
 * from `start` (day 0 also holds everything overdue), with those due at `now` or earlier apart.
 *
 * Read from the (user_id, due_at, card_id, suspended, category_id) index of progress. A card never
 * changes owner, and progress.category_id is its category when first studied: a row first studied
 * in no category or in one of `ownCategoryIds` is the learner's own card, in scope for good; only
 * the others (shared cards, or own ones of a deleted category) look their card up.
 */
export declare function countDueByDay(db: Db, scope: CardScope, ownCategoryIds: string[], window: {
    start: number;
    end: number;
    dayMs: number;
    now: number;
}): Promise<{
    day: number;
    due: number;
    dueNow: number;
}[]>;
/** Where new cards come from: one category, or the owner's cards in no category. */
export type NewCardSource = {
    categoryId: string;
} | {
    uncategorisedOf: string;
};
/** How many of a source's newest cards a count of its new cards looks at, at most. */
export declare const NEW_CARDS_WINDOW = 2000;
/**
 * How many cards of each source the learner never studied, counting each only up to its limit,
 * among the source's NEW_CARDS_WINDOW newest cards (by creation, then id: the queue's order
 * reversed). The queue introduces the oldest new cards first, so the new ones are the newest and
 * the window holds them, unless never-studied cards older than it were moved into a category of
 * thousands of studied ones, or an old card's only review was undone: then fewer are counted.
 * Without the window, a learner who studied everything would have every card read on each call.
 */
export declare function countNewCards(db: Db, userId: string, sources: {
    source: NewCardSource;
    limit: number;
}[]): Promise<number[]>;
/**
 * The learner's reviews since `since` that no undo took back, and how many of them succeeded
 * (a failure turned into a success by "I was right" counts as a success). An undo or override
 * of a review is a later row of the same card, found on the (card_id, user_id, seq) index.
 */
export declare function countAnsweredSince(db: Db, userId: string, since: number): Promise<{
    total: number;
    successes: number;
}>;
/** The newest `limit` log rows of the learner on one card, newest first, and how many there are. */
export declare function listCardHistory(db: Db, userId: string, cardId: string, limit: number): Promise<{
    rows: ReviewLogRow[];
    total: number;
}>;
