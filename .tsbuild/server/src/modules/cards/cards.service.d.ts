import type { AccountExport, BulkMoveBody, BulkResult, Card, CreateCardBody, UpdateCardBody } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { type CardRow } from './cards.repository';
export declare function toCard(row: CardRow, canEdit: boolean): Card;
export declare function parseAnswers(json: string): string[];
/** Lower-cased in JavaScript so sorting and searching behave the same on both dialects. */
export declare const lower: (text: string) => string;
export declare const searchText: (front: string, answers: string[]) => string;
/** POST /api/cards: the caller's own card, or in a category they edit (then the owner's card). */
export declare function createCard(deps: AppDeps, userId: string, body: CreateCardBody): Promise<Card>;
/** GET /api/cards/{id} */
export declare function getCard(deps: AppDeps, userId: string, id: string): Promise<Card>;
/** PATCH /api/cards/{id} */
export declare function updateCard(deps: AppDeps, userId: string, id: string, body: UpdateCardBody): Promise<Card>;
/** DELETE /api/cards/{id}: its owner, or an editor of its category. */
export declare function deleteCard(deps: AppDeps, userId: string, id: string): Promise<void>;
/** POST /api/cards/bulk-move: all the cards or none. */
export declare function bulkMoveCards(deps: AppDeps, userId: string, body: BulkMoveBody): Promise<BulkResult>;
/** POST /api/cards/bulk-delete: all the cards or none. */
export declare function bulkDeleteCards(deps: AppDeps, userId: string, ids: string[]): Promise<BulkResult>;
/** The learner's own cards, oldest first (for the account export). */
export declare function exportOwnCards(deps: AppDeps, userId: string): Promise<AccountExport['cards']>;
