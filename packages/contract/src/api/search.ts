import { route } from '../route';
import { searchQuerySchema, searchResultsSchema } from '../search';

/** One search box over cards and categories (docs/decisions/0021-search.md). */
export const search = {
  search: route({
    method: 'GET',
    path: '/api/search',
    access: 'user',
    summary:
      'Cards and categories the caller may read (or public decks) matching every word of q, grouped by kind, best first',
    query: searchQuerySchema,
    responses: { 200: searchResultsSchema },
  }),
};
