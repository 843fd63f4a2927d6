import type { ImportBody, ImportResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/** POST /api/cards/import: every row checked first, then all of them in one transaction. */
export declare function importCards(deps: AppDeps, userId: string, body: ImportBody): Promise<ImportResult>;
