import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable } from '../../db/schema';
export type CardRow = Selectable<CardsTable>;
export type CardPatch = Updateable<Omit<CardsTable, 'id'>>;
export declare function insertCard(db: Db, row: Insertable<CardsTable>): Promise<void>;
export declare function insertCards(db: Db, rows: Insertable<CardsTable>[]): Promise<void>;
export declare function findCard(db: Db, id: string): Promise<CardRow | undefined>;
export declare function findCardsByIds(db: Db, ids: string[]): Promise<CardRow[]>;
export declare function updateCard(db: Db, id: string, patch: CardPatch): Promise<void>;
export declare function deleteCard(db: Db, id: string): Promise<void>;
export declare function moveCards(db: Db, ids: string[], categoryId: string | null, now: number): Promise<number>;
export declare function deleteCards(db: Db, ids: string[]): Promise<number>;
/** Moves every card of the given categories into another one (or uncategorised). */
export declare function moveCardsOfCategories(db: Db, categoryIds: string[], target: string | null, now: number): Promise<number>;
export declare function deleteCardsOfCategories(db: Db, categoryIds: string[]): Promise<number>;
export declare function countCardsByCategory(db: Db, categoryIds: string[]): Promise<Map<string, number>>;
export declare function listCardsOfOwner(db: Db, ownerId: string): Promise<CardRow[]>;
