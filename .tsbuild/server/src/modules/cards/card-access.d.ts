import type { Db } from '../../db/database';
import { type CategoryRow } from '../categories/categories.repository';
import type { CardRow } from './cards.repository';
/** What the caller may do with a card: edit, read, or nothing (it answers 404). */
export type CardAccess = 'edit' | 'read' | undefined;
/**
 * A card belongs to its owner; in a category, the category's members read it and its editors
 * change it (docs/decisions/0004-sharing.md). Answers the access of each card, by id.
 */
export declare function cardAccesses(db: Db, userId: string, cards: CardRow[]): Promise<Map<string, CardAccess>>;
/** The cards, all of which the caller may edit: 404 if one is hidden, 403 if one is read-only. */
export declare function requireEditableCards(db: Db, userId: string, cards: CardRow[], expected: number): Promise<void>;
export declare function requireCardAccess(db: Db, userId: string, card: CardRow | undefined): Promise<{
    card: CardRow;
    access: 'edit' | 'read';
}>;
/** A category cards may be put in by the caller: visible (else 404) and editable (else 403). */
export declare function requireTargetCategory(db: Db, userId: string, categoryId: string): Promise<CategoryRow>;
/**
 * Every card of a category has the category's owner, so a card only moves between categories of
 * its owner, and only its owner takes it out of all categories.
 */
export declare function assertMovable(userId: string, cards: CardRow[], target: CategoryRow | null): void;
