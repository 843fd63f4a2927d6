/** Bounds of search (docs/decisions/0021-search.md, docs/limits.md). */
export const searchLimits = {
  /** Characters of the query (longer answers 400 naming q). */
  queryMax: 200,
  /** Results of each kind per call. */
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;
