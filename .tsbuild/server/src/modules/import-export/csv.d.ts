/** One record of a delimited file: its cells and the line (1-based) where it starts. */
export interface CsvRecord {
    line: number;
    cells: string[];
}
export declare class CsvSyntaxError extends Error {
    readonly line: number;
    constructor(line: number, message: string);
}
/**
 * Parses CSV or TSV (RFC 4180): cells in double quotes may hold the delimiter, newlines and
 * doubled quotes; LF and CRLF both end a record; a leading BOM is dropped. Blank lines are
 * skipped. One pass over the text, so 50,000 rows parse in milliseconds.
 */
export declare function parseDelimited(input: string, delimiter: ',' | '\t'): CsvRecord[];
/** One CSV cell, quoted when it holds a delimiter, a quote, a newline or edge spaces. */
export declare function csvCell(value: string): string;
export declare function toCsv(rows: string[][]): string;
/** Category paths: names joined by `/`, a slash or backslash inside a name escaped by `\`. */
export declare function joinCategoryPath(names: string[]): string;
export declare function splitCategoryPath(path: string): string[];
