import type { ImportBody, ImportField, Issue } from '@glossa/contract';

export type ImportFormat = ImportBody['format'];

export const importFields = ['front', 'answers', 'notes', 'category', 'from', 'to'] as const;
export const requiredImportFields: readonly ImportField[] = ['front', 'answers'];

export const importFieldLabels: Record<ImportField, string> = {
  front: 'Front',
  answers: 'Answers',
  notes: 'Notes',
  category: 'Category',
  from: 'From language',
  to: 'To language',
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

/**
 * The first `maxRecords` records of a CSV or TSV text (RFC 4180: quoted cells may hold the
 * separator, doubled quotes and line breaks), with a leading byte-order mark dropped.
 */
export function parseRecords(text: string, format: ImportFormat, maxRecords: number): string[][] {
  const separator = format === 'tsv' ? '\t' : ',';
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    record.push(cell);
    cell = '';
    // Blank lines hold no card.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (index < source.length && records.length < maxRecords) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
    } else {
      cell += char;
    }
    index += 1;
  }
  if (records.length < maxRecords && (cell !== '' || record.length > 0)) endRecord();
  return records;
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

/** "1 card", "5,000 cards": files run to tens of thousands of rows, so counts are grouped. */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? word : words}`;
}

/** The file's text as UTF-8 (FileReader: older engines, and jsdom, lack Blob.text). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}
