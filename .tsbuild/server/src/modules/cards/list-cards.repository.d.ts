import type { Db } from '../../db/database';
import type { CardRow } from './cards.repository';
/**
 * The pages of the card list (list-cards.service.ts): by a column of the card, or in the learner's
 * due order.
 */
/** The sortable columns of the list; each has an index with the owner and with the category. */
export type CardSortColumn = 'created_at' | 'updated_at' | 'front_lower';
export interface CardPageQuery {
    ownerId: string;
    /** undefined: any category; null: uncategorised only; a list: cards in one of them. */
    categoryIds: string[] | null | undefined;
    from: string | undefined;
    to: string | undefined;
    /** Already lower-cased. */
    text: string | undefined;
    column: CardSortColumn;
    order: 'asc' | 'desc';
    after: {
        value: string | number;
        id: string;
    } | undefined;
    limit: number;
}
/**
 * One page of the list, by keyset: (sort column, id) after the cursor's, limit + 1 rows so the
 * service knows whether another page follows. Every card of a category has the category's owner,
 * so owner_id always narrows the scan. Several categories (a sub-tree) would make both planners
 * merge-sort every card of the sub-tree; instead each category reads its first limit + 1 rows
 * from its (category_id, sort, id) index and the union is sorted once.
 */
export declare function listCardsPage(db: Db, query: CardPageQuery): Promise<CardRow[]>;
/**
 * The key of the `due` sort: a studied card's due time for this learner, and after every studied
 * card (every due time is far below 2^50 ms), the learner's new cards by creation time.
 */
export declare const newCardDueKeyBase: number;
export interface DuePageQuery extends Omit<CardPageQuery, 'column'> {
    /** Whose schedule orders the cards (members each have their own). */
    learnerId: string;
}
export type DueCardRow = CardRow & {
    due_key: number;
};
/**
 * One page in the learner's due order (asc: soonest due first, then new cards oldest first; desc
 * the reverse), by keyset on (due key, id), limit + 1 rows like listCardsPage. Each part walks an
 * index in order: progress by (user, due) for studied cards, cards by (owner, created) for new.
 */
export declare function listCardsPageByDue(db: Db, query: DuePageQuery): Promise<DueCardRow[]>;
