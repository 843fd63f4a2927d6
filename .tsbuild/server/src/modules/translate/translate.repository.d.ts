import type { Db } from '../../db/database';
import type { CardRow } from '../cards/cards.repository';
/**
 * Cards with this front (lower-cased) and pair that the user might read: their own, and those in
 * a shared or public category (the service then keeps only the readable ones).
 */
export declare function findCardsWithFront(db: Db, query: {
    userId: string;
    frontLower: string;
    from: string;
    to: string;
    limit: number;
}): Promise<CardRow[]>;
