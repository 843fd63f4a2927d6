import {
  categoryLimits,
  createCardBodySchema,
  createCategoryBodySchema,
  importLimits,
  languages,
  type CardReverse,
  type ImportBody,
  type ImportField,
  type Issue,
} from '@glossa/contract';
import { CsvSyntaxError, parseDelimited, type CsvRecord } from '@glossa/contract/csv';
import { AppError, invalidInput } from '../../errors';
import { splitAnswers, splitCategoryPath, unprotectFormula } from './csv';

/**
 * The rows of an import file (import.service.ts), parsed and checked cell by cell before anything
 * is written.
 */

export interface ImportCard {
  front: string;
  answers: string[];
  notes: string;
  from: string;
  to: string;
  /** Its choice of the reverse direction; undefined when the file has no column or cell for it. */
  reverse: CardReverse | undefined;
}

/** What a reverse cell may say, without case (decision 0027); empty: the category's default. */
const reverseWords = new Map<string, CardReverse>([
  ['inherit', 'inherit'],
  ['on', 'on'],
  ['yes', 'on'],
  ['true', 'on'],
  ['off', 'off'],
  ['no', 'off'],
  ['false', 'off'],
]);

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  /** Null for a row of only a category. */
  card: ImportCard | null;
  /** Category names below the base category; empty for the base itself. */
  categoryPath: string[];
}

const languageByName = new Map<string, string>(
  languages.flatMap((language) => [
    [language.code.toLowerCase(), language.code],
    [language.englishName.toLowerCase(), language.code],
  ]),
);

/** The header's column of each mapped field, or one issue per column the header lacks. */
function columnIndexes(header: CsvRecord, mapping: ImportBody['mapping']) {
  const byName = new Map<string, number>();
  header.cells.forEach((name, index) => {
    const key = name.trim();
    if (!byName.has(key)) byName.set(key, index);
  });
  const indexes: Partial<Record<ImportField, number>> = {};
  const issues: Issue[] = [];
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (column === undefined) continue;
    const index = byName.get(column);
    if (index === undefined) {
      issues.push({
        path: `mapping.${field}`,
        message: `The header row has no column "${column}"`,
      });
    } else {
      indexes[field] = index;
    }
  }
  if (issues.length > 0) {
    throw new AppError('invalid_input', issues[0]?.message ?? 'Unknown column', issues);
  }
  return indexes;
}

const cardText = createCardBodySchema.pick({ front: true, answers: true, notes: true });
const categoryName = createCategoryBodySchema.shape.name;

/** Why a category path cannot be imported under a base at `baseDepth`, or null. */
function pathRefusal(names: string[], baseDepth: number): string | null {
  if (names.some((name) => !name)) {
    return 'A category path cannot have an empty name (Spanish/Food/Fruit)';
  }
  for (const name of names) {
    const result = categoryName.safeParse(name);
    if (!result.success) {
      return `Category "${name.slice(0, 50)}": ${result.error.issues[0]?.message ?? 'Invalid name'}`;
    }
  }
  if (baseDepth + names.length > categoryLimits.depthMax) {
    return `Categories can be at most ${categoryLimits.depthMax} levels deep`;
  }
  return null;
}

/**
 * Checks one row; answers its card (none for a row of only a category, which makes or keeps that
 * category: an export writes one for each category without cards below it) or pushes one issue
 * per bad cell. The cells are checked by the schemas of POST /api/cards and /api/categories.
 */
function checkRow(
  record: CsvRecord,
  columns: Partial<Record<ImportField, number>>,
  defaults: ImportBody['defaults'],
  baseDepth: number,
  issues: Issue[],
): ImportRow | undefined {
  const before = issues.length;
  const cell = (field: ImportField) => {
    const index = columns[field];
    return index === undefined ? '' : unprotectFormula((record.cells[index] ?? '').trim());
  };
  const fail = (field: ImportField, message: string | null) => {
    if (message !== null) issues.push({ path: `rows.${record.line}.${field}`, message });
  };

  const categoryCell = cell('category');
  const categoryPath = categoryCell ? splitCategoryPath(categoryCell) : [];
  const pathProblem = pathRefusal(categoryPath, baseDepth);

  const front = cell('front');
  const answersCell = cell('answers');
  const notes = cell('notes');
  if (categoryCell && !front && !answersCell && !notes) {
    fail('category', pathProblem);
    return pathProblem === null ? { line: record.line, card: null, categoryPath } : undefined;
  }

  const text = cardText.safeParse({ front, answers: splitAnswers(answersCell), notes });
  if (!text.success) {
    // One issue per field, the first (an answer's issue is the answers cell's).
    const fields = new Map<ImportField, string>();
    for (const issue of text.error.issues) {
      const field = issue.path[0] as ImportField;
      if (!fields.has(field)) fields.set(field, issue.message);
    }
    for (const [field, message] of fields) fail(field, message);
  }

  const language = (field: 'from' | 'to', fallback: string) => {
    const value = cell(field);
    if (!value) return fallback;
    const code = languageByName.get(value.toLowerCase());
    if (!code) fail(field, `Unknown language "${value.slice(0, 50)}"`);
    return code ?? fallback;
  };
  const from = language('from', defaults.fromLanguageCode);
  const to = language('to', defaults.toLanguageCode);
  fail('category', pathProblem);
  const reverseCell = cell('reverse');
  const reverse = reverseCell ? reverseWords.get(reverseCell.toLowerCase()) : undefined;
  if (reverseCell && !reverse) {
    fail('reverse', 'Reverse must be on, off or empty (the category decides)');
  }

  if (!text.success || issues.length > before) return undefined;
  const { data } = text;
  return {
    line: record.line,
    card: { front: data.front, answers: data.answers, notes: data.notes ?? '', from, to, reverse },
    categoryPath,
  };
}

/** Parses and checks the whole file: the rows, or 400 naming every bad cell. */
export function readRows(body: ImportBody, baseDepth: number): ImportRow[] {
  let records: CsvRecord[];
  try {
    records = parseDelimited(body.text, body.format);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw invalidInput(`rows.${error.line}`, `Line ${error.line}: ${error.message}`);
    }
    throw error;
  }
  const [header, ...records_] = records;
  if (!header) throw invalidInput('text', 'The file has no header row');
  const columns = columnIndexes(header, body.mapping);
  if (records_.length === 0) throw invalidInput('text', 'The file has a header but no rows');
  if (records_.length > importLimits.rowsMax) {
    throw invalidInput(
      'text',
      `Import at most ${importLimits.rowsMax.toLocaleString('en')} rows at once; ` +
        `this file has ${records_.length.toLocaleString('en')}. Split it into several files.`,
    );
  }
  const issues: Issue[] = [];
  const rows: ImportRow[] = [];
  for (const record of records_) {
    const row = checkRow(record, columns, body.defaults, baseDepth, issues);
    if (row) rows.push(row);
  }
  if (issues.length > 0) {
    const bad = new Set(issues.map((issue) => issue.path.split('.')[1])).size;
    throw new AppError(
      'invalid_input',
      `${bad} of ${records_.length} rows are invalid; nothing was imported`,
      issues,
    );
  }
  return rows;
}
