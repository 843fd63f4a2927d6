import { useLingui } from '@lingui/react';
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
  /** The language the article is written in (the interface's, or English when untranslated). */
  lang: string;
}

export type SearchHelp = (query: string, limit: number) => HelpHit[];

/**
 * Loads the wiki's index in the language of an interface locale; null where the app offers no help
 * (tests of other screens).
 */
export const HelpSearchContext = createContext<((locale: string) => Promise<SearchHelp>) | null>(
  null,
);

const none: HelpHit[] = [];

/**
 * Help hits for a query: none while the index loads, or without a query. The same array while the
 * query stays the same, so a list built from it keeps its place (the palette's chosen option).
 */
export function useHelpHits(query: string, limit: number): HelpHit[] {
  const load = useContext(HelpSearchContext);
  const { locale } = useLingui().i18n;
  // The index of the interface's language; the one loaded before stays until it comes.
  const [index, setIndex] = useState<{ locale: string; search: SearchHelp } | null>(null);
  const search = index?.search ?? null;
  const wanted = query.trim() !== '';
  const current = index?.locale === locale;
  useEffect(() => {
    if (!load || !wanted || current) return;
    let live = true;
    void load(locale).then((loaded) => {
      if (live) setIndex({ locale, search: loaded });
    });
    return () => {
      live = false;
    };
  }, [load, wanted, current, locale]);
  return useMemo(
    () => (search && wanted ? search(query, limit) : none),
    [search, wanted, query, limit],
  );
}
