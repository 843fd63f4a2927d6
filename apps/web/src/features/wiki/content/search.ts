import { searchKey } from '@glossa/srs';
import type { HelpHit, SearchHelp } from '../../../lib/help-search';
import { paths } from '../../../config/paths';
import { loadArticles, plainText, type Article } from './articles';

/** The words of a query as search compares them (case and accents aside). */
function queryWords(query: string): string[] {
  return searchKey(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Whether every word starts a word of the text ("sched" finds "scheduler"). */
function holdsAll(text: string, words: readonly string[]): boolean {
  const textWords = searchKey(text).split(/[^\p{L}\p{N}]+/u);
  return words.every((word) => textWords.some((textWord) => textWord.startsWith(word)));
}

/** A few words around the first word of the query found in the text. */
function excerptOf(text: string, words: readonly string[]): string {
  const key = searchKey(text);
  const found = words.map((word) => key.indexOf(word)).filter((index) => index >= 0);
  // Found only in the heading: the section's first words.
  const at = found.length > 0 ? Math.min(...found) : 0;
  const start = at < 40 ? 0 : Math.max(0, text.lastIndexOf(' ', at - 40) + 1);
  const end = Math.min(text.length, start + 140);
  const cut = text.slice(start, end).trim();
  return `${start > 0 ? '… ' : ''}${cut}${end < text.length ? ' …' : ''}`;
}

interface Ranked {
  hit: HelpHit;
  rank: number;
  order: number;
}

/**
 * The articles and sections holding every word of the query (the start of a word is enough), the
 * best first: a title, then a heading, then the text, each in the wiki's order. A section is left
 * out when its article matched by its title (the article is the better answer).
 */
export function searchArticles(articles: readonly Article[], query: string, limit = 20): HelpHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const ranked: Ranked[] = [];
  let order = 0;
  for (const article of articles) {
    const href = paths.app.wikiArticle.getHref(article.slug);
    const titled = holdsAll(article.title, words);
    if (titled) {
      ranked.push({
        hit: {
          href,
          article: article.title,
          section: null,
          excerpt: article.summary,
          lang: article.lang,
        },
        rank: 0,
        order: order++,
      });
    }
    const intro = `${article.title} ${article.summary}`;
    for (const section of article.sections) {
      order++;
      if (titled) continue;
      const inHeading = holdsAll(`${article.title} ${section.heading}`, words);
      if (!inHeading && !holdsAll(`${intro} ${section.heading} ${section.text}`, words)) continue;
      ranked.push({
        hit: {
          href: paths.app.wikiArticle.getHref(article.slug, section.id),
          article: article.title,
          section: section.heading,
          excerpt: excerptOf(section.text || plainText(section.heading), words),
          lang: article.lang,
        },
        rank: inHeading ? 1 : 2,
        order,
      });
    }
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ hit }) => hit);
}

/** The search of the articles in an interface locale's language, once they are loaded. */
export async function helpSearch(locale: string | undefined): Promise<SearchHelp> {
  const articles = await loadArticles(locale);
  return (query, limit) => searchArticles(articles, query, limit);
}
