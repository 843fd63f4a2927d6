import { type ImportBody } from '@glossa/contract';
/**
 * The rows of an import file (import.service.ts), parsed and checked cell by cell before anything
 * is written.
 */
export interface ImportRow {
    front: string;
    answers: string[];
    notes: string;
    from: string;
    to: string;
    /** Category names below the base category; empty for the base itself. */
    categoryPath: string[];
}
/** Parses and checks the whole file: the rows, or 400 naming every bad cell. */
export declare function readRows(body: ImportBody, baseDepth: number): ImportRow[];
