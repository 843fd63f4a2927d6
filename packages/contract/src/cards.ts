import { z } from 'zod';
import { requiredString } from './required-string';
import { countParam } from './query-params';
import { idSchema } from './categories';
import { languageCodeSchema, languageSchema } from './languages';
import { countVariants, scoredLength } from './answer-text';
import { cardReverseSchema } from './directions';
import { changesSomething, expectedVersionSchema, versionSchema } from './row-version';
import { cardLimits } from './card-limits';

export { cardLimits } from './card-limits';

const frontSchema = requiredString('Front')
  .trim()
  .min(1, { error: 'Front is required' })
  .max(cardLimits.frontMax, { error: `Front must be at most ${cardLimits.frontMax} characters` });

/** Whether one answer is within cardLimits.answerMax characters (and its UTF-16 units). */
export const answerFits = (answer: string): boolean =>
  answer.length <= cardLimits.answerUnitsMax && scoredLength(answer) <= cardLimits.answerMax;
export const answerTooLong = `An answer must be at most ${cardLimits.answerMax} characters`;

/** Whether a card's answers hold at most cardLimits.variantsMax variants together. */
export const variantsFit = (answers: readonly string[]): boolean =>
  countVariants(answers) <= cardLimits.variantsMax;
export const tooManyVariants = `Give at most ${cardLimits.variantsMax} accepted answers in all (each ; | or / adds one)`;

const answerSchema = z
  .string({ error: 'An answer must be text' })
  .trim()
  .min(1, { error: 'An answer cannot be empty' })
  .refine(answerFits, { error: answerTooLong });

const answersSchema = z
  .array(answerSchema, { error: 'Answers must be a list' })
  .min(cardLimits.answersMin, { error: 'Give at least one answer' })
  .max(cardLimits.answersMax, { error: `Give at most ${cardLimits.answersMax} answers` })
  .refine(variantsFit, { error: tooManyVariants });

const notesSchema = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(cardLimits.notesMax, { error: `Notes must be at most ${cardLimits.notesMax} characters` });

/** POST /api/cards */
export const createCardBodySchema = z.strictObject({
  front: frontSchema,
  answers: answersSchema,
  notes: notesSchema.optional(),
  fromLanguageCode: languageCodeSchema,
  toLanguageCode: languageCodeSchema,
  /** A category the caller may edit; absent or null for an uncategorised card. */
  categoryId: idSchema.nullish(),
  /** Whether it is asked in reverse too; absent: `inherit` (its category's default). */
  reverse: cardReverseSchema.optional(),
});
export type CreateCardBody = z.infer<typeof createCardBodySchema>;

/**
 * PATCH /api/cards/{id}: any subset of the fields; only those change. With expectedVersion (the
 * card's version the change was made from), a card changed since is refused with 409 `conflict`.
 */
export const updateCardBodySchema = z
  .strictObject({
    front: frontSchema.optional(),
    answers: answersSchema.optional(),
    notes: notesSchema.optional(),
    fromLanguageCode: languageCodeSchema.optional(),
    toLanguageCode: languageCodeSchema.optional(),
    categoryId: idSchema.nullable().optional(),
    reverse: cardReverseSchema.optional(),
    expectedVersion: expectedVersionSchema.optional(),
  })
  .refine(changesSomething, { error: 'Give at least one field to change' });
export type UpdateCardBody = z.infer<typeof updateCardBodySchema>;

export const cardIdParamsSchema = z.strictObject({ id: idSchema });

const bulkIdsSchema = z
  .array(idSchema, { error: 'ids must be a list' })
  .min(1, { error: 'Give at least one id' })
  .max(cardLimits.bulkIdsMax, { error: `Give at most ${cardLimits.bulkIdsMax} ids` });

/** POST /api/cards/bulk-move: all or nothing. */
export const bulkMoveBodySchema = z.strictObject({
  ids: bulkIdsSchema,
  categoryId: idSchema.nullable(),
});
export type BulkMoveBody = z.infer<typeof bulkMoveBodySchema>;

/** POST /api/cards/bulk-delete: all or nothing. */
export const bulkDeleteBodySchema = z.strictObject({ ids: bulkIdsSchema });
export type BulkDeleteBody = z.infer<typeof bulkDeleteBodySchema>;

export const bulkResultSchema = z.strictObject({ count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const cardSortSchema = z.enum(['created', 'updated', 'front', 'due']);
export type CardSort = z.infer<typeof cardSortSchema>;

/**
 * GET /api/cards. Without categoryId: the caller's own cards; with it: the cards of a category the
 * caller may read (`none`: the caller's uncategorised cards). `cursor` is the opaque nextCursor of
 * the previous page, valid only with the same filters and sort.
 */
export const cardListQuerySchema = z.strictObject({
  categoryId: idSchema.optional(),
  includeSubcategories: z
    .enum(['true', 'false'], { error: 'includeSubcategories must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  from: languageCodeSchema.optional(),
  to: languageCodeSchema.optional(),
  /** Cards whose front or an answer holds this text, whatever its case and accents. */
  q: z
    .string()
    .trim()
    .max(cardLimits.queryMax, { error: `q must be at most ${cardLimits.queryMax} characters` })
    .optional(),
  sort: cardSortSchema.default('created'),
  /** Default: newest first for created and updated, A → Z for front, soonest for due. */
  order: z.enum(['asc', 'desc']).optional(),
  cursor: z.string().max(1024).optional(),
  limit: countParam('limit', cardLimits.listLimitMax, cardLimits.listLimitDefault),
});
export type CardListQuery = z.infer<typeof cardListQuerySchema>;

export const cardSchema = z.strictObject({
  id: z.string(),
  ownerId: z.string(),
  categoryId: z.string().nullable(),
  front: z.string(),
  answers: z.array(z.string()),
  /** Empty when the card has none. */
  notes: z.string(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  /** Its own choice of the reverse direction (`inherit`: its category's default). */
  reverse: cardReverseSchema,
  /** Whether it is asked in reverse too, as the choice and its category's default say now. */
  asksReverse: z.boolean(),
  /** The caller may change or delete it. */
  canEdit: z.boolean(),
  /** 1 when created, one more with every change (what expectedVersion of an update names). */
  version: versionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Card = z.infer<typeof cardSchema>;

/**
 * GET /api/cards/duplicates: the cards with this front (compared as duplicateKey of packages/srs
 * does: case, accents, spacing and punctuation aside) and languages, among the caller's own, or,
 * with categoryId (where the new card would go), among that category owner's cards the caller
 * may read. What the new-card dialog asks while the front is typed.
 */
export const duplicateQuerySchema = z.strictObject({
  front: frontSchema,
  from: languageCodeSchema,
  to: languageCodeSchema,
  categoryId: idSchema.optional(),
});
export type DuplicateQuery = z.infer<typeof duplicateQuerySchema>;

/** The oldest few such cards (duplicateListMax). */
export const duplicateListMax = 5;

export const cardPageSchema = z.strictObject({
  items: z.array(cardSchema),
  nextCursor: z.string().nullable(),
  /** How many cards the filters match, on the first page (no cursor); null on the next ones. */
  total: z.number().int().nullable(),
});
export type CardPage = z.infer<typeof cardPageSchema>;

export const duplicateListSchema = z.strictObject({
  items: z.array(cardSchema).max(duplicateListMax),
});
export type DuplicateList = z.infer<typeof duplicateListSchema>;

/** GET /api/languages */
export const languageListSchema = z.strictObject({ items: z.array(languageSchema) });

/** A card in the account export: the learner's own, without the caller-relative fields. */
export const exportedCardSchema = cardSchema.omit({
  ownerId: true,
  canEdit: true,
  version: true,
  asksReverse: true,
});
