import { z } from 'zod';
import { requiredString } from './required-string';
import { cardLimits } from './cards';
import { requestLimits } from './limits';
import { idSchema } from './categories';
import { languageCodeSchema } from './languages';
import { cardReverseSchema } from './directions';

/** Limits of the import call, enforced by the schema and the route's body limit. */
export const importLimits = {
  /** Characters of the file's text (50,000 rows of long cards fit). */
  textMax: 20 * 1024 * 1024,
  /** Bytes of the request body (the route's own limit, above the app's 1 MB). */
  bodyMax: 21 * 1024 * 1024,
  columnNameMax: 200,
  rowsMax: cardLimits.importMax,
} as const;

/** The CSV header of the export, which the import reads back with the default mapping. */
export const exportColumns = [
  'front',
  'answers',
  'notes',
  'category',
  'from',
  'to',
  'reverse',
] as const;

const columnSchema = z
  .string({ error: 'Name a column of the header row' })
  .trim()
  .min(1, { error: 'Name a column of the header row' })
  .max(importLimits.columnNameMax, {
    error: `A column name has at most ${importLimits.columnNameMax} characters`,
  });

/**
 * POST /api/cards/import: a UTF-8 CSV or TSV file with a header row; the mapping names the column
 * of each card field. The cells (what GET /api/cards/export writes, and reads back the same):
 * - answers: separated by `;` or `|` (the export joins them with `; `);
 * - category: a path of names (`Spanish/Food/Fruit`) under defaults.categoryId, or under the root
 *   of the importer's tree; missing categories are created. A row with a category and no front,
 *   answers or notes makes only the category (the export writes one for each category without
 *   cards);
 * - reverse: whether the card is asked in reverse too: `on` (or yes, true), `off` (no, false), or
 *   empty (or `inherit`) for its category's default (decision 0027). A file without the column
 *   makes cards that follow their category; an update of a card by a duplicate row keeps the
 *   card's own choice unless the row has one;
 * - in answers and category paths, `\;`, `\|`, `\/` and `\\` stand for the character itself
 *   (a backslash before anything else is kept);
 * - a cell starting with `'` followed by `=`, `+`, `-`, `@`, `'`, a tab or a carriage return is
 *   read without that `'`: the export puts it before such cells so that a spreadsheet shows them
 *   as text instead of running them as formulas (OWASP's advice on CSV injection).
 * A row whose front (compared as duplicateKey of packages/srs does: case, accents, spacing and
 * punctuation aside) and languages are those of a card the owner has, or of an earlier row, is a
 * duplicate: `duplicates` says what becomes of it (`skip` it, `update` that card with it, or
 * `keep` both; absent: keep, as before duplicates were told), and the answer lists them.
 * Every row is checked first: any bad row answers 400 with one issue per bad cell
 * (`rows.<line>.<field>`, line 1 being the header; the first `requestLimits.errorListMax` of
 * them and `issueCount`) and nothing is imported. dryRun answers the counts without writing, from
 * the categories the caller may read, as the import itself does.
 */
export const importBodySchema = z.strictObject({
  format: z.enum(['csv', 'tsv'], { error: 'format must be csv or tsv' }),
  text: requiredString('text')
    .min(1, { error: 'The file is empty' })
    .max(importLimits.textMax, { error: 'The file is too large' }),
  mapping: z.strictObject({
    front: columnSchema,
    answers: columnSchema,
    notes: columnSchema.optional(),
    category: columnSchema.optional(),
    from: columnSchema.optional(),
    to: columnSchema.optional(),
    reverse: columnSchema.optional(),
  }),
  defaults: z.strictObject({
    fromLanguageCode: languageCodeSchema,
    toLanguageCode: languageCodeSchema,
    /** A category the importer may edit; category paths are created under it. */
    categoryId: idSchema.nullish(),
  }),
  duplicates: z
    .enum(['skip', 'update', 'keep'], { error: 'duplicates must be skip, update or keep' })
    .optional(),
  dryRun: z.boolean().optional(),
});
export type ImportBody = z.infer<typeof importBodySchema>;
export type ImportField = keyof ImportBody['mapping'];

/** A row that repeats a card the owner has (`card`) or an earlier row of the file (`earlierLine`). */
export const importDuplicateSchema = z.strictObject({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  front: z.string(),
  /** The card it repeats (the oldest, when several do), or null for an earlier row. */
  card: z.strictObject({ id: z.string(), front: z.string() }).nullable(),
  earlierLine: z.number().int().nullable(),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

export const importResultSchema = z.strictObject({
  /**
   * Cards created (or that would be, on a dry run); rows of only a category are not counted, nor
   * duplicates skipped or used to update a card.
   */
  imported: z.number().int(),
  /** Cards changed by a duplicate row (`duplicates: update`). */
  updated: z.number().int(),
  /** Duplicate rows left out (`duplicates: skip`). */
  skipped: z.number().int(),
  /** Rows that repeat a card or an earlier row, whatever becomes of them. */
  duplicateCount: z.number().int(),
  /** The first `requestLimits.errorListMax` of them, in the file's order. */
  duplicates: z.array(importDuplicateSchema).max(requestLimits.errorListMax),
  /** Categories created (or that would be). */
  createdCategories: z.number().int(),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * GET /api/cards/export: the caller's own cards, or those of one category and its sub-categories
 * that the caller may read. The answer is a file (content-disposition attachment), not the
 * envelope: CSV with the header of exportColumns in the cell format that the import reads
 * (importBodySchema), with a row of only a category for each category without cards, or JSON, an
 * array of exportFileCardSchema. Category paths name only the categories the caller may read.
 */
export const exportQuerySchema = z.strictObject({
  format: z.enum(['csv', 'json'], { error: 'format must be csv or json' }).default('csv'),
  categoryId: idSchema.optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
export type ExportFormat = ExportQuery['format'];

export const exportFileCardSchema = z.strictObject({
  id: z.string(),
  front: z.string(),
  answers: z.array(z.string()),
  notes: z.string(),
  /**
   * The category path from the exported root (names joined by `/`, a `/` or `\` in a name escaped
   * by `\`); empty when uncategorised.
   */
  category: z.string(),
  categoryId: z.string().nullable(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  /** Its choice of the reverse direction (decision 0027). */
  reverse: cardReverseSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ExportFileCard = z.infer<typeof exportFileCardSchema>;
export const exportFileSchema = z.array(exportFileCardSchema);
