import GithubSlugger from 'github-slugger';

// The wiki's articles: Markdown files of ./../articles, in the order the wiki lists them. This
// module (and with it every article's text) loads only with the wiki or a help search.

const sources = import.meta.glob<string>('../articles/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
});

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
  /** The heading's anchor, as rehype-slug gives it to the rendered heading. */
  id: string;
  heading: string;
  level: number;
  /** The section's text in plain words (Markdown marks dropped), for search. */
  text: string;
}

export interface Article {
  slug: string;
  title: string;
  /** The first paragraph, in plain words. */
  summary: string;
  markdown: string;
  sections: ArticleSection[];
}

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
export function parseArticle(slug: string, markdown: string): Article {
  const slugger = new GithubSlugger();
  let title = slug;
  const intro: string[] = [];
  const found: { section: Omit<ArticleSection, 'text'>; lines: string[] }[] = [];
  let body = intro;
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    const heading = inFence ? null : /^(#{1,3})\s+(.*)$/.exec(line);
    if (!heading) {
      body.push(line);
      continue;
    }
    const level = heading[1]?.length ?? 1;
    const text = heading[2]?.trim() ?? '';
    // Every heading takes its slug in order, as rehype-slug does on the rendered page.
    const id = slugger.slug(text);
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
  return { slug, title, summary: plainText(firstParagraph), markdown, sections };
}

export const articles: Article[] = articleOrder.map((slug) => {
  const markdown = sources[`../articles/${slug}.md`];
  if (markdown === undefined) throw new Error(`The wiki article ${slug}.md is missing`);
  return parseArticle(slug, markdown);
});

export function findArticle(slug: string | undefined): Article | undefined {
  return articles.find((article) => article.slug === slug);
}
