import { z } from 'zod';
import { idSchema } from './categories';
import { languageCodeSchema } from './languages';
import { ankiImportLimits } from './limits';

/** Characters of the base64 of the largest package accepted. */
const fileCharsMax = Math.ceil(ankiImportLimits.packageBytesMax / 3) * 4;

/** The request's own limit: the package's base64 and the rest of the body. */
export const ankiImportBodyMax = fileCharsMax + 256 * 1024;

/**
 * An Anki package (.apkg, or a whole collection, .colpkg) as base64, as the browser reads the file
 * (decision 0035: JSON like every other call of the route table, so the permission matrix, the
 * fuzz suite and the one api client take it as they are).
 */
const packageFileSchema = z
  .string({ error: 'Choose an Anki package (.apkg or .colpkg)' })
  .min(1, { error: 'The file is empty' })
  .max(fileCharsMax, {
    error: `A package has at most ${ankiImportLimits.packageBytesMax / 1024 / 1024} MB`,
  })
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'The file must be sent as base64' });

/** POST /api/cards/import/anki/analyse: what a package holds, before anything is imported. */
export const ankiAnalyseBodySchema = z.strictObject({ file: packageFileSchema });
export type AnkiAnalyseBody = z.infer<typeof ankiAnalyseBodySchema>;

/** The package's collection file: legacy SQLite (anki2, anki21) or zstd-compressed (anki21b). */
export const ankiFormatSchema = z.enum(['anki2', 'anki21', 'anki21b']);
export type AnkiFormat = z.infer<typeof ankiFormatSchema>;

export const ankiDeckSchema = z.strictObject({
  id: z.string(),
  /** The deck's names from the top (`Spanish::Food` is ['Spanish', 'Food']). */
  path: z.array(z.string()),
  /** Cards of the package in this deck itself. */
  cards: z.number().int(),
});
export type AnkiDeck = z.infer<typeof ankiDeckSchema>;

export const ankiNoteTypeSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Its fields' names, in order: a mapping names fields by their index here. */
  fields: z.array(z.string()),
  notes: z.number().int(),
  /** Notes of this type with cloze deletions ({{c1::…}}) in a field. */
  clozeNotes: z.number().int(),
  /** The first notes' fields as plain text, for the mapping's preview. */
  preview: z.array(z.array(z.string())).max(ankiImportLimits.previewNotes),
});
export type AnkiNoteType = z.infer<typeof ankiNoteTypeSchema>;

export const ankiAnalysisSchema = z.strictObject({
  format: ankiFormatSchema,
  decks: z.array(ankiDeckSchema),
  noteTypes: z.array(ankiNoteTypeSchema),
  notes: z.number().int(),
  cards: z.number().int(),
  reviews: z.number().int(),
  /** Media files in the package (never imported). */
  media: z.number().int(),
});
export type AnkiAnalysis = z.infer<typeof ankiAnalysisSchema>;

const fieldIndexSchema = z
  .number({ error: 'Choose a field' })
  .int({ error: 'Choose a field' })
  .min(0, { error: 'Choose a field' })
  .max(ankiImportLimits.fieldsMax - 1, { error: 'Choose a field' });

/** Which field of one note type becomes the card's front, answers and notes. */
export const ankiMappingSchema = z.strictObject({
  noteTypeId: z
    .string({ error: 'Name a note type' })
    .min(1, { error: 'Name a note type' })
    .max(32, { error: 'Name a note type' }),
  /** The field (its index in the note type's `fields`) that becomes the front. */
  frontField: fieldIndexSchema,
  /** Split into answers at `;`, `|` and line breaks, as the CSV import splits its cell. */
  answersField: fieldIndexSchema,
  notesField: fieldIndexSchema.nullish(),
});
export type AnkiMapping = z.infer<typeof ankiMappingSchema>;

/**
 * POST /api/cards/import/anki: the package again with what to do with it. A note type without a
 * mapping is not imported (its notes counted as skipped). Decks become categories below
 * defaults.categoryId (or the importer's top level), the `::` hierarchy kept; a deck deeper than
 * the depth limit allows goes into its ancestor at the deepest level allowed. A note whose front
 * field has clozes makes one card per cloze number (`cloze: cards`: the front with that cloze
 * blanked as `[…]`, or `[hint]`, the answer its text) or none (`skip`). `history`: the package's
 * review log becomes the learner's (Again, Hard, Good, Easy are missed, close, exact, quick) and
 * the cards' schedules are replayed from it. All of it in one transaction, or nothing. An Anki
 * card imported before (the same note guid and ordinal, into the same owner's cards) is skipped and
 * counted, so importing a package again adds only what is new in it. A note's tags become a line of
 * its cards' notes (`#verb #food`).
 */
export const ankiImportBodySchema = z.strictObject({
  file: packageFileSchema,
  mappings: z.array(ankiMappingSchema).max(ankiImportLimits.noteTypesMax),
  defaults: z.strictObject({
    fromLanguageCode: languageCodeSchema,
    toLanguageCode: languageCodeSchema,
    categoryId: idSchema.nullish(),
  }),
  cloze: z.enum(['cards', 'skip'], { error: 'cloze must be cards or skip' }),
  history: z.boolean(),
});
export type AnkiImportBody = z.infer<typeof ankiImportBodySchema>;

export const ankiImportResultSchema = z.strictObject({
  /** Cards created (cloze cards included). */
  imported: z.number().int(),
  /** Of them, cards made from a cloze. */
  clozeCards: z.number().int(),
  createdCategories: z.number().int(),
  /** Decks put into an ancestor, being deeper than the depth limit allows. */
  flattenedDecks: z.number().int(),
  /** Notes left out, by why. */
  skipped: z.strictObject({
    /** Their note type has no mapping. */
    unmapped: z.number().int(),
    /** Cloze notes, with `cloze: skip`. */
    cloze: z.number().int(),
    /** No front, or no answer, once turned into text. */
    empty: z.number().int(),
    /** A front, answer or notes too long for a card. */
    tooLong: z.number().int(),
  }),
  /**
   * Cards left as they are, being there already: Anki cards (a note's guid and the card's
   * ordinal) imported before into the same owner's cards, or repeated in the package. They are
   * never updated (the learner may have changed them since); their history is not imported again.
   */
  alreadyImported: z.number().int(),
  /** Of the cards imported, those whose note's tags became a line of their notes (`#tag`). */
  tagged: z.number().int(),
  /** Media files of the package, not imported. */
  media: z.number().int(),
  /** Review log rows imported, and those left out (of cards not imported, or not reviews). */
  reviews: z.number().int(),
  reviewsSkipped: z.number().int(),
});
export type AnkiImportResult = z.infer<typeof ankiImportResultSchema>;
