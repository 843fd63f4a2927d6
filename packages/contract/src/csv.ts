import { CsvError, parse, type Options } from '#csv-parse';
import type { ImportBody } from './import-export';

/**
 * The import file's text as both ends read it: the server to import it, the web to preview it.
 * A subpath of its own (`@glossa/contract/csv`), so the parser loads only where a file is read.
 * `#csv-parse` is csv-parse's browser build for the web (its Node one needs Node's Buffer).
 */

export type DelimitedFormat = ImportBody['format'];

/** One record of a delimited file: its cells and the line (1-based) where it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
    /** The records before the one in error (a preview shows them). */
    readonly recordsBefore: CsvRecord[],
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

function options(format: DelimitedFormat, to?: number): Options {
  return {
    delimiter: format === 'tsv' ? '\t' : ',',
    // LF, CRLF and CR all end a record, even mixed in one file (CRLF first: one end, not two).
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_column_count: true,
    // A blank line is told apart from a line of one quoted empty cell below, by its text.
    skip_empty_lines: false,
    ...(to === undefined ? {} : { to }),
  };
}

const lineEnd = /\r\n|\n|\r/g;

/** Line ends inside a record's cells: a quoted cell may hold some. */
function lineEndsIn(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) {
    if (cell.includes('\n') || cell.includes('\r')) count += cell.match(lineEnd)?.length ?? 0;
  }
  return count;
}

/** Where each line of the text starts (made only when a file has a blank-looking record). */
function lineStarts(text: string): number[] {
  const starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
  for (const match of text.matchAll(lineEnd)) starts.push(match.index + match[0].length);
  return starts;
}

/** The records with the line each starts on, blank lines left out. */
function numbered(text: string, rows: readonly string[][]): CsvRecord[] {
  const records: CsvRecord[] = [];
  let starts: number[] | undefined;
  let line = 1;
  for (const cells of rows) {
    if (cells.length === 1 && cells[0] === '') {
      starts ??= lineStarts(text);
      const start = starts[line - 1];
      if (start !== undefined && text[start] === '"') records.push({ line, cells });
    } else {
      records.push({ line, cells });
    }
    line += 1 + lineEndsIn(cells);
  }
  return records;
}

const messages: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'Text after a closing quote; double a quote inside one',
  INVALID_OPENING_QUOTE:
    'A quote inside a cell that does not start with one; put the whole cell in quotes and double its quotes',
};

/** The error, at the line where the record it stopped in starts. */
function syntaxError(text: string, format: DelimitedFormat, error: CsvError): CsvSyntaxError {
  const read = typeof error.records === 'number' ? error.records : 0;
  const before = read > 0 ? parse(text, options(format, read)) : [];
  const line = before.reduce((next, cells) => next + 1 + lineEndsIn(cells), 1);
  return new CsvSyntaxError(line, messages[error.code] ?? error.message, numbered(text, before));
}

/**
 * Parses CSV or TSV (RFC 4180, by csv-parse): cells in double quotes may hold the delimiter, line
 * ends and doubled quotes; a quote elsewhere in a cell is an error; a leading BOM is dropped and
 * blank lines are skipped. `maxRecords` stops early (a preview). Throws CsvSyntaxError.
 */
export function parseDelimited(
  text: string,
  format: DelimitedFormat,
  maxRecords?: number,
): CsvRecord[] {
  try {
    if (maxRecords === undefined) return numbered(text, parse(text, options(format)));
    if (maxRecords < 1) return [];
    // Blank lines count as records for csv-parse's `to`: read further until enough are left.
    for (let limit = maxRecords; ; limit *= 2) {
      const rows = parse(text, options(format, limit));
      const records = numbered(text, rows);
      if (records.length >= maxRecords || rows.length < limit) {
        return records.slice(0, maxRecords);
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const syntax = syntaxError(text, format, error);
    // Reading further than asked (for the blank lines) may meet an error past the records wanted.
    if (maxRecords !== undefined && syntax.recordsBefore.length >= maxRecords) {
      return syntax.recordsBefore.slice(0, maxRecords);
    }
    throw syntax;
  }
}
