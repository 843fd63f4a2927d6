// The wiki's articles in one language, as one chunk: loaded only when the wiki or a help search
// is shown in that language (articles.ts `loadArticles`).
export const sources = import.meta.glob<string>('../../articles/es/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
});
