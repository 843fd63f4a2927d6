import {
  answerSeparators,
  cardLimits,
  categoryLimits,
  importLimits,
  languages,
  type ImportBody,
  type ImportField,
  type Issue,
} from '@glossa/contract';
import { CsvSyntaxError, parseDelimited, type CsvRecord } from '@glossa/contract/csv';
import { AppError, invalidInput } from '../../errors';
import { splitCategoryPath } from './csv';

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

/** Checks one row; answers its card or pushes one issue per bad cell. */
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
    return index === undefined ? '' : (record.cells[index] ?? '').trim();
  };
  const fail = (field: ImportField, message: string) =>
    issues.push({ path: `rows.${record.line}.${field}`, message });

  const front = cell('front');
  if (!front) fail('front', 'Front is required');
  else if (front.length > cardLimits.frontMax)
    fail('front', `Front must be at most ${cardLimits.frontMax} characters`);

  const answers = cell('answers')
    .split(answerSeparators)
    .map((answer) => answer.trim())
    .filter(Boolean);
  if (answers.length < cardLimits.answersMin) fail('answers', 'Give at least one answer');
  else if (answers.length > cardLimits.answersMax)
    fail('answers', `Give at most ${cardLimits.answersMax} answers (separated by ; or |)`);
  else if (answers.some((answer) => answer.length > cardLimits.answerMax))
    fail('answers', `An answer must be at most ${cardLimits.answerMax} characters`);

  const notes = cell('notes');
  if (notes.length > cardLimits.notesMax)
    fail('notes', `Notes must be at most ${cardLimits.notesMax} characters`);

  const language = (field: 'from' | 'to', fallback: string) => {
    const value = cell(field);
    if (!value) return fallback;
    const code = languageByName.get(value.toLowerCase());
    if (!code) fail(field, `Unknown language "${value.slice(0, 50)}"`);
    return code ?? fallback;
  };
  const from = language('from', defaults.fromLanguageCode);
  const to = language('to', defaults.toLanguageCode);

  const categoryCell = cell('category');
  const categoryPath = categoryCell ? splitCategoryPath(categoryCell) : [];
  if (categoryPath.some((name) => !name)) {
    fail('category', 'A category path cannot have an empty name (Spanish/Food/Fruit)');
  } else if (categoryPath.some((name) => name.length > categoryLimits.nameMax)) {
    fail('category', `A category name must be at most ${categoryLimits.nameMax} characters`);
  } else if (baseDepth + categoryPath.length > categoryLimits.depthMax) {
    fail('category', `Categories can be at most ${categoryLimits.depthMax} levels deep`);
  }
  if (issues.length > before) return undefined;
  return { front, answers, notes, from, to, categoryPath };
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
