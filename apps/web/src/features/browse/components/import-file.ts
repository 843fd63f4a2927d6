import type { ImportBody, ImportField, ImportResult, Issue } from '@glossa/contract';
import type { CsvRecord } from '@glossa/contract/csv';
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { contractMessages } from '../../../lib/form-resolver';

export type ImportFormat = ImportBody['format'];

export const importFields = [
  'front',
  'answers',
  'notes',
  'category',
  'from',
  'to',
  'reverse',
] as const;
export const requiredImportFields: readonly ImportField[] = ['front', 'answers'];

/** Each field's name in the active language (the getters read the catalog when shown). */
export const importFieldLabels: Record<ImportField, string> = {
  get front() {
    return t`Front`;
  },
  get answers() {
    return t`Answers`;
  },
  get notes() {
    return t`Notes`;
  },
  get category() {
    return t`Category`;
  },
  get from() {
    return t`From language`;
  },
  get to() {
    return t`To language`;
  },
  get reverse() {
    return t`Also ask in reverse`;
  },
};

/** The field's column name, '' for none. */
export type ColumnMapping = Record<ImportField, string>;

/** CSV or TSV: by the file's extension, else by which separator the first line has more of. */
export function detectFormat(fileName: string, text: string): ImportFormat {
  const name = fileName.toLowerCase();
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return 'tsv';
  if (name.endsWith('.csv')) return 'csv';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const tabs = firstLine.split('\t').length - 1;
  const commas = firstLine.split(',').length - 1;
  return tabs > commas ? 'tsv' : 'csv';
}

export interface FilePreview {
  records: string[][];
  /** Why the records stop early ("Line 3: A quoted cell is never closed"), as the check will say. */
  problem: string | null;
}

/**
 * The first `maxRecords` records of a CSV or TSV text, read by the parser the server imports with
 * (fetched with the first file: it weighs more than the rest of the dialog).
 */
export async function parseRecords(
  text: string,
  format: ImportFormat,
  maxRecords: number,
): Promise<FilePreview> {
  const { CsvSyntaxError, parseDelimited } = await import('@glossa/contract/csv');
  const cellsOf = (records: readonly CsvRecord[]) => records.map((record) => record.cells);
  try {
    return { records: cellsOf(parseDelimited(text, format, maxRecords)), problem: null };
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    // The parser's message is the contract's, in English: in the interface's language here.
    const catalog = await contractMessages(i18n.locale);
    const line = error.line;
    const message = catalog ? catalog.translate(error.message) : error.message;
    return { records: cellsOf(error.recordsBefore), problem: t`Line ${line}: ${message}` };
  }
}

/** Lines in a text (for "n rows"), without a trailing empty line. */
export function countDataLines(text: string): number {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  return Math.max(0, lines.length - 1);
}

const headerNames: Record<ImportField, string[]> = {
  front: ['front', 'term', 'word', 'question', 'prompt', 'expression'],
  answers: ['answers', 'answer', 'back', 'translation', 'translations', 'meaning', 'meanings'],
  notes: ['notes', 'note', 'comment', 'comments', 'hint', 'example'],
  category: ['category', 'categories', 'deck', 'folder', 'topic', 'path'],
  from: ['from', 'fromlanguage', 'fromlanguagecode', 'source', 'sourcelanguage', 'fromlang'],
  to: ['to', 'tolanguage', 'tolanguagecode', 'target', 'targetlanguage', 'tolang'],
  reverse: ['reverse', 'reversed', 'bothways', 'askreverse'],
};

function normalizeHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The mapping guessed from the header's names (the export's header maps itself). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const used = new Set<string>();
  const mapping = {} as ColumnMapping;
  for (const field of importFields) {
    const column = header.find(
      (name) =>
        name.trim() !== '' && !used.has(name) && headerNames[field].includes(normalizeHeader(name)),
    );
    mapping[field] = column ?? '';
    if (column) used.add(column);
  }
  // No recognisable names: the first two columns are usually term and answer.
  if (mapping.front === '' && mapping.answers === '' && header.length >= 2) {
    mapping.front = header[0] ?? '';
    mapping.answers = header[1] ?? '';
  }
  return mapping;
}

/** The body's mapping: only the fields with a column. */
export function mappingBody(mapping: ColumnMapping): ImportBody['mapping'] {
  const result: ImportBody['mapping'] = { front: mapping.front, answers: mapping.answers };
  for (const field of ['notes', 'category', 'from', 'to'] as const) {
    if (mapping[field] !== '') result[field] = mapping[field];
  }
  return result;
}

export interface RowIssue {
  /** The file's line (1 is the header); null for an issue about the whole file or mapping. */
  line: number | null;
  /** The card field, or '' when the whole row (or file) is at fault. */
  field: string;
  message: string;
}

/** The 400's issues as a report: `rows.<line>.<field>`, `rows.<line>`, `mapping.<field>`. */
export function rowIssues(issues: readonly Issue[]): RowIssue[] {
  const report = issues.map((issue): RowIssue => {
    const path = issue.path.replace(/^body\./, '');
    const row = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path);
    if (row) {
      const field = row[2] ?? '';
      return { line: Number(row[1]), field, message: issue.message };
    }
    const mapping = /^mapping\.(\w+)$/.exec(path);
    if (mapping) return { line: null, field: mapping[1] ?? '', message: issue.message };
    return { line: null, field: '', message: issue.message };
  });
  return report.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** "Answers" for a field of the import, or the raw name. */
export function fieldLabel(field: string): string {
  return field in importFieldLabels ? importFieldLabels[field as ImportField] : field;
}

/** The file's text as UTF-8 (FileReader: older engines, and jsdom, lack Blob.text). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error(t`The file could not be read.`));
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * What an import did, or a dry run would do, in words: "All rows are fine: 12 cards would be
 * imported, 1 category created." or "3 cards imported, 2 duplicate rows skipped."
 */
export function importSummary(result: ImportResult): string {
  const { imported, updated, skipped, createdCategories } = result;
  // Counts are grouped by the plural messages (files run to tens of thousands of rows).
  const parts = result.dryRun
    ? [plural(imported, { one: '# card would be imported', other: '# cards would be imported' })]
    : [plural(imported, { one: '# card imported', other: '# cards imported' })];
  if (updated > 0) {
    parts.push(
      result.dryRun
        ? plural(updated, { one: '# card would be updated', other: '# cards would be updated' })
        : plural(updated, { one: '# card updated', other: '# cards updated' }),
    );
  }
  if (skipped > 0) {
    parts.push(
      result.dryRun
        ? plural(skipped, {
            one: '# duplicate row would be skipped',
            other: '# duplicate rows would be skipped',
          })
        : plural(skipped, { one: '# duplicate row skipped', other: '# duplicate rows skipped' }),
    );
  }
  if (createdCategories > 0) {
    parts.push(
      result.dryRun
        ? plural(createdCategories, {
            one: '# category would be created',
            other: '# categories would be created',
          })
        : plural(createdCategories, { one: '# category created', other: '# categories created' }),
    );
  }
  const sentence = `${parts.join(', ')}.`;
  if (!result.dryRun) return sentence;
  return result.duplicateCount === 0
    ? t`All rows are fine: ${sentence}`
    : t`Ready to import: ${sentence}`;
}
