import { z } from 'zod';
/** Limits of the import call, enforced by the schema and the route's body limit. */
export declare const importLimits: {
    /** Characters of the file's text (50,000 rows of long cards fit). */
    readonly textMax: number;
    /** Bytes of the request body (the route's own limit, above the app's 1 MB). */
    readonly bodyMax: number;
    readonly columnNameMax: 200;
    readonly rowsMax: 50000;
};
/** Answers in one cell are separated by `;` or `|`; the export joins them with `; `. */
export declare const answerSeparators: RegExp;
/** The CSV header of the export, which the import reads back with the default mapping. */
export declare const exportColumns: readonly ["front", "answers", "notes", "category", "from", "to"];
/**
 * POST /api/cards/import: a UTF-8 CSV or TSV file with a header row; the mapping names the column
 * of each card field. A category cell is a path of names (`Spanish/Food/Fruit`, `\/` for a slash
 * inside a name) under defaults.categoryId, or under the root of the importer's tree; missing
 * categories are created. Every row is checked first: any bad row answers 400 with one issue per
 * bad cell (`rows.<line>.<field>`, line 1 being the header) and nothing is imported. dryRun
 * answers the counts without writing.
 */
export declare const importBodySchema: z.ZodObject<{
    format: z.ZodEnum<{
        csv: "csv";
        tsv: "tsv";
    }>;
    text: z.ZodString;
    mapping: z.ZodObject<{
        front: z.ZodString;
        answers: z.ZodString;
        notes: z.ZodOptional<z.ZodString>;
        category: z.ZodOptional<z.ZodString>;
        from: z.ZodOptional<z.ZodString>;
        to: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>;
    defaults: z.ZodObject<{
        fromLanguageCode: z.ZodString;
        toLanguageCode: z.ZodString;
        categoryId: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    }, z.core.$strict>;
    dryRun: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type ImportBody = z.infer<typeof importBodySchema>;
export type ImportField = keyof ImportBody['mapping'];
export declare const importResultSchema: z.ZodObject<{
    imported: z.ZodNumber;
    createdCategories: z.ZodNumber;
    dryRun: z.ZodBoolean;
}, z.core.$strict>;
export type ImportResult = z.infer<typeof importResultSchema>;
/**
 * GET /api/cards/export: the caller's own cards, or those of one category and its sub-categories
 * that the caller may read. The answer is a file (content-disposition attachment), not the
 * envelope: CSV with the header of exportColumns, or JSON, an array of exportFileCardSchema.
 */
export declare const exportQuerySchema: z.ZodObject<{
    format: z.ZodDefault<z.ZodEnum<{
        csv: "csv";
        json: "json";
    }>>;
    categoryId: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type ExportQuery = z.infer<typeof exportQuerySchema>;
export declare const exportFileCardSchema: z.ZodObject<{
    id: z.ZodString;
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodString;
    category: z.ZodString;
    categoryId: z.ZodNullable<z.ZodString>;
    fromLanguageCode: z.ZodString;
    toLanguageCode: z.ZodString;
    createdAt: z.ZodISODateTime;
    updatedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type ExportFileCard = z.infer<typeof exportFileCardSchema>;
export declare const exportFileSchema: z.ZodArray<z.ZodObject<{
    id: z.ZodString;
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodString;
    category: z.ZodString;
    categoryId: z.ZodNullable<z.ZodString>;
    fromLanguageCode: z.ZodString;
    toLanguageCode: z.ZodString;
    createdAt: z.ZodISODateTime;
    updatedAt: z.ZodISODateTime;
}, z.core.$strict>>;
