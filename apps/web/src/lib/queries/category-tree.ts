import { api } from '@glossa/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { resourceKeys } from '../resource-keys';

/**
 * GET /api/categories: the learner's own categories and those shared with them, flat. One query
 * for every feature that shows or offers categories, so they share its cache.
 */
export function categoryTreeQueryOptions() {
  return queryOptions({
    ...categoryTreeWithCountQueryOptions(),
    select: (tree) => tree.items,
  });
}

/**
 * The same query, with how many categories the tree leaves out (shared ones past its bound,
 * docs/limits.md), which the organize page tells.
 */
export function categoryTreeWithCountQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.categories, 'tree'] as const,
    queryFn: ({ signal }) => apiRequest(api.categories.tree, { signal }),
  });
}
