import { z } from 'zod';
import { requiredString } from './required-string';
import { cardLimits } from './cards';
import { idSchema } from './categories';
import { languageCodeSchema } from './languages';

/** Limits of the import call, enforced by the schema and the route's body limit. */
export const importLimits = {
  /** Characters of the file's text (50,000 rows of long cards fit). */
  textMax: 20 * 1024 * 1024,
  /** Bytes of the request body (the route's own limit, above the app's 1 MB). */
  bodyMax: 21 * 1024 * 1024,
  columnNameMax: 200,
  rowsMax: cardLimits.importMax,
} as const;

/** Answers in one cell are separated by `;` or `|`; the export joins them with `; `. */
export const answerSeparators = /[;|]/;
/** The CSV header of the export, which the import reads back with the default mapping. */
export const exportColumns = ['front', 'answers', 'notes', 'category', 'from', 'to'] as const;

const columnSchema = z
  .string({ error: 'Name a column of the header row' })
  .trim()
  .min(1, { error: 'Name a column of the header row' })
  .max(importLimits.columnNameMax, {
    error: `A column name has at most ${importLimits.columnNameMax} characters`,
  });

/**
 * POST /api/cards/import: a UTF-8 CSV or TSV file with a header row; the mapping names the column
 * of each card field. A category cell is a path of names (`Spanish/Food/Fruit`, `\/` for a slash
 * inside a name) under defaults.categoryId, or under the root of the importer's tree; missing
 * categories are created. Every row is checked first: any bad row answers 400 with one issue per
 * bad cell (`rows.<line>.<field>`, line 1 being the header) and nothing is imported. dryRun
 * answers the counts without writing.
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
  }),
  defaults: z.strictObject({
    fromLanguageCode: languageCodeSchema,
    toLanguageCode: languageCodeSchema,
    /** A category the importer may edit; category paths are created under it. */
    categoryId: idSchema.nullish(),
  }),
  dryRun: z.boolean().optional(),
});
export type ImportBody = z.infer<typeof importBodySchema>;
export type ImportField = keyof ImportBody['mapping'];

export const importResultSchema = z.strictObject({
  /** Cards imported (or that would be, on a dry run). */
  imported: z.number().int(),
  /** Categories created (or that would be). */
  createdCategories: z.number().int(),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * GET /api/cards/export: the caller's own cards, or those of one category and its sub-categories
 * that the caller may read. The answer is a file (content-disposition attachment), not the
 * envelope: CSV with the header of exportColumns, or JSON, an array of exportFileCardSchema.
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
  /** The category path (names joined by `/`) from the exported root; empty when uncategorised. */
  category: z.string(),
  categoryId: z.string().nullable(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ExportFileCard = z.infer<typeof exportFileCardSchema>;
export const exportFileSchema = z.array(exportFileCardSchema);
