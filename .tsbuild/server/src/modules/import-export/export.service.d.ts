import { type ExportQuery } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
export interface ExportFile {
    filename: string;
    contentType: string;
    body: string;
}
/** GET /api/cards/export: a CSV (the import's default columns) or JSON file. */
export declare function exportCards(deps: AppDeps, userId: string, query: ExportQuery): Promise<ExportFile>;
