import { z } from 'zod';
import { idSchema } from './categories';
import { languageCodeSchema } from './languages';
import { countParam } from './query-params';
import { requiredString } from './required-string';

/** Bounds of explore's lists and previews (docs/decisions/0022-explore.md). */
export const exploreLimits = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Characters of the text filter. */
  queryMax: 100,
  /** The first cards a preview shows, of which the mini study tries `tryCards`. */
  previewCards: 20,
  tryCards: 5,
  /** Sub-categories a preview lists (the nearest to the top first). */
  previewSubcategoriesMax: 200,
  reportMessageMax: 2000,
} as const;

/** popular: most learners first; new: most recently published first; name: A → Z. */
export const exploreSortSchema = z.enum(['popular', 'new', 'name'], {
  error: 'sort must be popular, new or name',
});
export type ExploreSort = z.infer<typeof exploreSortSchema>;

/**
 * GET /api/explore: public decks (top-level public categories), filtered by language pair and
 * text, sorted, by cursor. `cursor` is the nextCursor of the previous page, valid only with the
 * same sort.
 */
export const exploreQuerySchema = z.strictObject({
  from: languageCodeSchema.optional(),
  to: languageCodeSchema.optional(),
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(exploreLimits.queryMax, {
      error: `q must be at most ${exploreLimits.queryMax} characters`,
    })
    .optional(),
  sort: exploreSortSchema.default('popular'),
  cursor: z.string({ error: 'cursor must be text' }).max(512).optional(),
  limit: countParam('limit', exploreLimits.pageSizeMax, exploreLimits.pageSizeDefault),
});
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

/** A public deck as explore lists it. */
export const deckSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  fromLanguageCode: z.string().nullable(),
  toLanguageCode: z.string().nullable(),
  /** Cards of the deck and of its sub-categories that strangers may read. */
  cardCount: z.number().int(),
  /** Learners who joined it (never who: docs/decisions/0022-explore.md). */
  learnerCount: z.number().int(),
  owner: z.strictObject({ username: z.string() }),
  publishedAt: z.iso.datetime().nullable(),
  /** The latest change of the deck or of one of its cards. */
  updatedAt: z.iso.datetime(),
  /** The caller studies it by joining. */
  joined: z.boolean(),
  /** The caller owns it. */
  own: z.boolean(),
});
export type DeckSummary = z.infer<typeof deckSummarySchema>;

export const explorePageSchema = z.strictObject({
  items: z.array(deckSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ExplorePage = z.infer<typeof explorePageSchema>;

export const deckIdParamsSchema = z.strictObject({ id: idSchema });

/** A card as a preview shows it: what a stranger may read of it. */
export const previewCardSchema = z.strictObject({
  id: z.string(),
  categoryId: z.string().nullable(),
  front: z.string(),
  answers: z.array(z.string()),
  notes: z.string(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
});
export type PreviewCard = z.infer<typeof previewCardSchema>;

/**
 * GET /api/explore/decks/{id}: a deck as strangers see it, without joining: its description,
 * sub-categories (private ones and what they hold left out) and first cards. Its owner gets the
 * same for any of their top-level categories, published or not: what strangers would see.
 */
export const deckPreviewSchema = z.strictObject({
  deck: deckSummarySchema,
  /** Whether strangers see it now (false only in the owner's preview of an unpublished one). */
  published: z.boolean(),
  subcategories: z.array(
    z.strictObject({
      id: z.string(),
      /** The deck's id for its direct sub-categories. */
      parentId: z.string(),
      name: z.string(),
      depth: z.number().int(),
      /** Cards directly in it. */
      cardCount: z.number().int(),
    }),
  ),
  /** Sub-categories beyond previewSubcategoriesMax, not listed. */
  subcategoriesOmitted: z.number().int(),
  /** The first cards, oldest first (previewCards at most). */
  cards: z.array(previewCardSchema),
});
export type DeckPreview = z.infer<typeof deckPreviewSchema>;

/** POST /api/explore/decks/{id}/join and /leave: the caller's state afterwards. */
export const deckJoinStateSchema = z.strictObject({
  joined: z.boolean(),
  learnerCount: z.number().int(),
});
export type DeckJoinState = z.infer<typeof deckJoinStateSchema>;

/** GET /api/explore/joined: the public decks the caller joined, newest join first. */
export const joinedDeckListSchema = z.strictObject({ items: z.array(deckSummarySchema) });
export type JoinedDeckList = z.infer<typeof joinedDeckListSchema>;

const copyIdSchema = z.uuid({ error: 'copyId must be a UUID' });

/**
 * POST /api/explore/decks/{id}/copy. `copyId`, made by the client, names the copy while it runs
 * (GET /api/explore/copies/{copyId} answers its progress); sent again within a few minutes, it
 * answers the same copy instead of copying twice.
 */
export const copyDeckBodySchema = z.strictObject({ copyId: copyIdSchema.optional() }).nullish();
export type CopyDeckBody = z.infer<typeof copyDeckBodySchema>;

/** The copy made: a private category at the top of the caller's tree. */
export const deckCopySchema = z.strictObject({
  categoryId: z.string(),
  name: z.string(),
  categories: z.number().int(),
  cards: z.number().int(),
});
export type DeckCopy = z.infer<typeof deckCopySchema>;

export const copyIdParamsSchema = z.strictObject({ copyId: copyIdSchema });

/** GET /api/explore/copies/{copyId}: how far a copy of the caller's is. */
export const copyProgressSchema = z.strictObject({
  status: z.enum(['copying', 'done', 'failed']),
  cardsTotal: z.number().int(),
  cardsCopied: z.number().int(),
  /** The new category, once it exists. */
  categoryId: z.string().nullable(),
});
export type CopyProgress = z.infer<typeof copyProgressSchema>;

export const deckReportReasonSchema = z.enum(['abuse', 'wrong', 'other'], {
  error: 'reason must be abuse, wrong or other',
});
export type DeckReportReason = z.infer<typeof deckReportReasonSchema>;

/** POST /api/explore/decks/{id}/report: lands in the admins' feedback queue with the deck's link. */
export const reportDeckBodySchema = z.strictObject({
  reason: deckReportReasonSchema,
  message: requiredString('Message')
    .trim()
    .min(1, { error: 'Message is required' })
    .max(exploreLimits.reportMessageMax, {
      error: `Message must be at most ${exploreLimits.reportMessageMax} characters`,
    }),
});
export type ReportDeckBody = z.infer<typeof reportDeckBodySchema>;
