import type { Db } from '../../db/database';
import type { CardRow } from '../cards/cards.repository';
/** The cards of the given categories, oldest first (in chunks: bounded parameter lists). */
export declare function listCardsInCategories(db: Db, categoryIds: string[]): Promise<CardRow[]>;
