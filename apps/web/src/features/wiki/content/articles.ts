import GithubSlugger from 'github-slugger';

// The wiki's articles: Markdown files of ../articles (English) and ../articles/<locale> (their
// translations), in the order the wiki lists them. Each language's articles are a chunk of their
// own (./bundles), loaded only when the wiki or a help search is shown in that language; an
// article not translated is shown in English (decision 0037, addendum "The wiki in four
// languages").

/** The languages the articles are written in; any other interface locale reads English. */
export const articleLocales = ['en', 'es', 'fr', 'de'] as const;
export type ArticleLocale = (typeof articleLocales)[number];

const bundles: Record<ArticleLocale, () => Promise<{ sources: Record<string, string> }>> = {
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  de: () => import('./bundles/de'),
};

/** The articles' language for an interface locale: its own, else English (the pseudo-locale). */
export function articleLocale(locale: string | undefined): ArticleLocale {
  return (articleLocales as readonly string[]).includes(locale ?? '')
    ? (locale as ArticleLocale)
    : 'en';
}

/** The articles' addresses (/app/wiki/<slug>), in reading order. */
export const articleOrder = [
  'getting-started',
  'studying-and-scoring',
  'scheduler',
  'sharing',
  'shortcuts',
  'import-export',
  'privacy',
  'administration',
] as const;

export interface ArticleSection {
  /**
   * The heading's anchor: GitHub's slug of the heading's text, or the id the heading names at its
   * end, `## Höhe {#height}` (a translation keeps its English original's anchors).
   */
  id: string;
  heading: string;
  level: number;
  /** The section's text in plain words (Markdown marks dropped), for search. */
  text: string;
}

export interface Article {
  slug: string;
  /** The language the article is written in (an untranslated one is English). */
  lang: ArticleLocale;
  title: string;
  /** The first paragraph, in plain words. */
  summary: string;
  /** The article's Markdown as rendered: the headings' `{#id}` marks taken out. */
  markdown: string;
  sections: ArticleSection[];
}

/** A heading's text and the anchor it names at its end, if any: `Höhe {#height}`. */
const explicitId = /\s*\{#([a-z0-9-]+)\}\s*$/;

/** Markdown's marks dropped: what a reader sees of a line, for search and summaries. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<\/?kbd>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`_]/g, '')
    .replace(/^\s*([-|]+\s*)+$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One article out of its file: the `# ` title, its first paragraph, its `##`/`###` sections. */
export function parseArticle(slug: string, markdown: string, lang: ArticleLocale = 'en'): Article {
  const slugger = new GithubSlugger();
  let title = slug;
  const intro: string[] = [];
  const found: { section: Omit<ArticleSection, 'text'>; lines: string[] }[] = [];
  let body = intro;
  const rendered: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      inFence = !inFence;
      rendered.push(line);
      continue;
    }
    const heading = inFence ? null : /^(#{1,3})\s+(.*)$/.exec(line);
    if (!heading) {
      rendered.push(line);
      body.push(line);
      continue;
    }
    const level = heading[1]?.length ?? 1;
    const written = heading[2]?.trim() ?? '';
    const named = explicitId.exec(written);
    const text = named ? written.slice(0, named.index) : written;
    rendered.push(`${heading[1]} ${text}`);
    // Every heading takes its slug in order, as GitHub does, unless it names its own.
    const id = named?.[1] ?? slugger.slug(text);
    if (level === 1) {
      title = text;
      continue;
    }
    body = [];
    found.push({ section: { id, heading: text, level }, lines: body });
  }
  const sections = found.map(({ section, lines }) => ({
    ...section,
    text: plainText(lines.join('\n')),
  }));
  const firstParagraph =
    intro
      .join('\n')
      .trim()
      .split(/\n\s*\n/)[0] ?? '';
  return {
    slug,
    lang,
    title,
    summary: plainText(firstParagraph),
    markdown: rendered.join('\n'),
    sections,
  };
}

/** A bundle's files by slug ('../../articles/de/scheduler.md' → 'scheduler'). */
function bySlug(sources: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(sources).map(([path, text]) => [path.replace(/^.*\/|\.md$/g, ''), text]),
  );
}

/**
 * The articles of the order in a language, from its files, each missing translation taken from
 * the English files (read only then: `english` is called once, if a translation is missing).
 */
export async function assembleArticles(
  locale: ArticleLocale,
  own: Record<string, string>,
  english: () => Promise<Record<string, string>>,
): Promise<Article[]> {
  const translated = bySlug(own);
  const fallback =
    locale !== 'en' && articleOrder.some((slug) => !translated.has(slug))
      ? bySlug(await english())
      : translated;
  return articleOrder.map((slug) => {
    const markdown = translated.get(slug);
    if (markdown !== undefined) return parseArticle(slug, markdown, locale);
    const original = fallback.get(slug);
    if (original === undefined) throw new Error(`The wiki article ${slug}.md is missing`);
    return parseArticle(slug, original, 'en');
  });
}

const loaded = new Map<ArticleLocale, Article[]>();
const loading = new Map<ArticleLocale, Promise<Article[]>>();

async function load(locale: ArticleLocale): Promise<Article[]> {
  const { sources } = await bundles[locale]();
  const list = await assembleArticles(locale, sources, async () => (await bundles.en()).sources);
  loaded.set(locale, list);
  return list;
}

/** The articles in the language of an interface locale, loaded once per language. */
export function loadArticles(locale: string | undefined): Promise<Article[]> {
  const language = articleLocale(locale);
  let promise = loading.get(language);
  if (!promise) {
    promise = load(language);
    loading.set(language, promise);
    // A failed load (offline) is tried again next time.
    promise.catch(() => loading.delete(language));
  }
  return promise;
}

/** The articles of that language if they are loaded already, else undefined. */
export function loadedArticles(locale: string | undefined): Article[] | undefined {
  return loaded.get(articleLocale(locale));
}

export function findArticle(
  articles: readonly Article[],
  slug: string | undefined,
): Article | undefined {
  return articles.find((article) => article.slug === slug);
}
