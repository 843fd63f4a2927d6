import { z } from 'zod';
import { idSchema } from './categories';
import { languageCodeSchema } from './languages';
import { countParam } from './query-params';
import { searchLimits } from './search-limits';

export { searchLimits } from './search-limits';

/**
 * mine: what the caller may read (their own, shared with them, decks they joined); public: the
 * public decks of others.
 */
export const searchScopeSchema = z.enum(['mine', 'public'], {
  error: 'scope must be mine or public',
});
export type SearchScope = z.infer<typeof searchScopeSchema>;

/**
 * GET /api/search: cards (front, answers, notes) and categories (name, description) matching
 * every word of `q`, case and accents aside; narrowed to a language (either side of a card or
 * category) and to a category with those under it.
 */
export const searchQuerySchema = z.strictObject({
  q: z
    .string({ error: 'q must be text' })
    .max(searchLimits.queryMax, {
      error: `q must be at most ${searchLimits.queryMax} characters`,
    })
    .default(''),
  scope: searchScopeSchema.default('mine'),
  language: languageCodeSchema.optional(),
  categoryId: idSchema.optional(),
  limit: countParam('limit', searchLimits.pageSizeMax, searchLimits.pageSizeDefault),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** How a result matched: every word as a whole word, as the start of one, or inside one. */
export const searchMatchSchema = z.enum(['word', 'prefix', 'substring']);
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const cardHitSchema = z.strictObject({
  id: z.string(),
  front: z.string(),
  answers: z.array(z.string()),
  notes: z.string(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  categoryId: z.string().nullable(),
  match: searchMatchSchema,
  /** The caller owns it. */
  own: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type CardHit = z.infer<typeof cardHitSchema>;

export const categoryHitSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  fromLanguageCode: z.string().nullable(),
  toLanguageCode: z.string().nullable(),
  match: searchMatchSchema,
  own: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type CategoryHit = z.infer<typeof categoryHitSchema>;

/**
 * Results grouped by kind, best first (whole words, then starts of words, then inside words; the
 * most recently written first within each), `limit` of each at most; `more` when there are others.
 */
export const searchResultsSchema = z.strictObject({
  cards: z.strictObject({ items: z.array(cardHitSchema), more: z.boolean() }),
  categories: z.strictObject({ items: z.array(categoryHitSchema), more: z.boolean() }),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
