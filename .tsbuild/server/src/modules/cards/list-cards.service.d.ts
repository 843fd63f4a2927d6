import type { CardListQuery, CardPage } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/** GET /api/cards: one page, by keyset, with the cursor of the next one. */
export declare function listCards(deps: AppDeps, userId: string, query: CardListQuery): Promise<CardPage>;
