import type { Db } from '../../db/database';
import type { CardRow } from '../cards/cards.repository';
import type { ProgressRow } from './study.repository';
/**
 * What a queue holds, split by ownership (docs/decisions/0005-group-commit.md, "The queue"): the
 * learner's own cards (all of them, or those of some categories) are found through the
 * denormalised progress.foreign_card and cards.owner_studied flags and their indexes; others'
 * cards (categories the learner is a member of) through a join on their categories.
 */
export interface QueueScope {
    userId: string;
    /** The learner's own cards: 'all', or those in these categories (none when empty). */
    own: 'all' | string[];
    /** Categories of other owners whose cards the learner studies. */
    foreign: string[];
}
/** Due cards in scope (the learner's progress due at or before now), most overdue first. */
export declare function listDueCards(db: Db, scope: QueueScope, now: number, limit: number): Promise<{
    card: CardRow;
    progress: ProgressRow;
}[]>;
/**
 * How many cards in scope are due at `now`. All the learner's own: their due rows less the foreign
 * ones, from indexes alone; the rest through their cards' categories.
 */
export declare function countDueCards(db: Db, scope: QueueScope, now: number): Promise<number>;
export interface NewCardKey {
    id: string;
    category_id: string | null;
    created_at: number;
}
/**
 * Cards in scope the learner never studied, oldest first (keys only). Their own come from the
 * partial index of cards their owner has not studied; others' cards are checked one by one
 * against the learner's progress.
 */
export declare function listNewCardKeys(db: Db, scope: QueueScope, limit: number): Promise<NewCardKey[]>;
/**
 * Brings cards.owner_studied of these cards back to "their owner has a progress row for them", in
 * one statement; only rows that change are written.
 */
export declare function syncOwnerStudied(db: Db, cardIds: string[]): Promise<void>;
