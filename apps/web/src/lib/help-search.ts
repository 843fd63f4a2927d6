import { createContext, useContext, useEffect, useMemo, useState } from 'react';

// The app's search finds help articles too. The wiki owns them and loads on demand; the app layer
// hands the search a loader of the wiki's index (features do not import each other), so the
// articles' text is fetched only once the learner searches.

/** One help article or section matching a search. */
export interface HelpHit {
  /** Where it opens: /app/wiki/<article>, with #<heading> for a section. */
  href: string;
  /** The article's title. */
  article: string;
  /** The section's heading, or null for the article itself. */
  section: string | null;
  /** A few words around the first match, or the article's summary. */
  excerpt: string;
}

export type SearchHelp = (query: string, limit: number) => HelpHit[];

/** Loads the wiki's index; null where the app offers no help (tests of other screens). */
export const HelpSearchContext = createContext<(() => Promise<SearchHelp>) | null>(null);

const none: HelpHit[] = [];

/**
 * Help hits for a query: none while the index loads, or without a query. The same array while the
 * query stays the same, so a list built from it keeps its place (the palette's chosen option).
 */
export function useHelpHits(query: string, limit: number): HelpHit[] {
  const load = useContext(HelpSearchContext);
  const [search, setSearch] = useState<SearchHelp | null>(null);
  const wanted = query.trim() !== '';
  useEffect(() => {
    if (!load || !wanted || search) return;
    let live = true;
    void load().then((loaded) => {
      if (live) setSearch(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [load, wanted, search]);
  return useMemo(
    () => (search && wanted ? search(query, limit) : none),
    [search, wanted, query, limit],
  );
}
