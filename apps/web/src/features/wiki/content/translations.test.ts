import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { articleLocales, articleOrder, loadArticles, type Article } from './articles';

// The translated articles (articles/<locale>/<slug>.md) against their English originals: the same
// anchors (links between articles and from the app keep working in every language), the same
// live parts and keys.

const english = await loadArticles('en');
const translated = articleLocales.filter((locale) => locale !== 'en');
const byLocale = new Map<string, Article[]>();
for (const locale of translated) byLocale.set(locale, await loadArticles(locale));

const fences = (markdown: string) => markdown.match(/^```\S*/gm) ?? [];
const keys = (markdown: string) => (markdown.match(/<kbd>[^<]*<\/kbd>/g) ?? []).sort();

/** Every `/app/wiki/<slug>#<anchor>` written in the web app's source, the articles and the journeys. */
function wikiAnchorLinks(): { where: string; slug: string; id: string }[] {
  const roots = ['../../../', '../../../../../../e2e/tests/'].map((root) =>
    fileURLToPath(new URL(root, import.meta.url)),
  );
  const links: { where: string; slug: string; id: string }[] = [];
  for (const root of roots) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|md)$/.test(file) || file.includes('node_modules')) continue;
      const text = readFileSync(`${root}${file}`, 'utf8');
      for (const match of text.matchAll(/\/app\/wiki\/([a-z0-9-]+)#([a-z0-9-]+)/g)) {
        links.push({ where: file, slug: match[1] ?? '', id: match[2] ?? '' });
      }
    }
  }
  return links;
}

describe('translated wiki articles', () => {
  it('are written for every article in every language, nothing falling back to English', () => {
    for (const locale of translated) {
      expect(byLocale.get(locale)?.map((article) => [article.slug, article.lang])).toEqual(
        articleOrder.map((slug) => [slug, locale]),
      );
    }
  });

  it('keep the anchors, live parts and keys of their English original', () => {
    for (const locale of translated) {
      for (const [index, article] of (byLocale.get(locale) ?? []).entries()) {
        const original = english[index] as Article;
        const where = `${locale}/${article.slug}.md`;
        expect(
          article.sections.map((section) => section.id),
          where,
        ).toEqual(original.sections.map((section) => section.id));
        expect(fences(article.markdown), where).toEqual(fences(original.markdown));
        expect(keys(article.markdown), where).toEqual(keys(original.markdown));
        expect(article.title, where).not.toBe(original.title);
        // The `{#id}` marks are taken out of what is rendered.
        expect(article.markdown, where).not.toMatch(/\{#/);
      }
    }
  });

  it('resolve every link to a wiki anchor of the app in every language', () => {
    const links = wikiAnchorLinks();
    expect(links.length).toBeGreaterThan(0);
    for (const locale of articleLocales) {
      const articles = locale === 'en' ? english : (byLocale.get(locale) ?? []);
      for (const { where, slug, id } of links) {
        const article = articles.find((item) => item.slug === slug);
        expect(
          article?.sections.map((section) => section.id),
          `${where}: /app/wiki/${slug}#${id} in ${locale}`,
        ).toContain(id);
      }
    }
  });
});
