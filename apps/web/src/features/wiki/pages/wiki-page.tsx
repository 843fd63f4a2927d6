import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { ArticleView } from '../components/article-view';
import { findArticle, loadArticles, loadedArticles, type Article } from '../content/articles';
import { searchArticles } from '../content/search';
import styles from './wiki-page.module.css';

/**
 * Brings the heading of the address's #anchor into view and gives it focus, so a screen reader
 * starts there. After the root layout's own move of focus to the main region on a new page (a
 * parent's effect runs after this one), hence the task. On a page opened from outside, the router's
 * scroll restoration may then put back the position it kept for the first page of the tab (the
 * top); the heading is brought back once if that happens in the next moment.
 */
function useAnchor(article: Article | undefined) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!article || !hash) return;
    const target = () => document.getElementById(decodeURIComponent(hash.slice(1)));
    const reveal = () => target()?.scrollIntoView?.({ block: 'start' });
    const onScroll = () => {
      const top = target()?.getBoundingClientRect().top ?? 0;
      if (window.scrollY === 0 && top > window.innerHeight) {
        window.removeEventListener('scroll', onScroll);
        reveal();
      }
    };
    const timer = setTimeout(() => {
      reveal();
      target()?.focus({ preventScroll: true });
      window.addEventListener('scroll', onScroll);
    });
    const settle = setTimeout(() => window.removeEventListener('scroll', onScroll), 1000);
    return () => {
      clearTimeout(timer);
      clearTimeout(settle);
      window.removeEventListener('scroll', onScroll);
    };
  }, [article, hash]);
}

/**
 * The articles in the interface's language (English when it has none: the pseudo-locale). The
 * router loads them with the page; after a change of language the ones shown stay until the new
 * ones arrive.
 */
function useArticles(): Article[] | undefined {
  const { i18n } = useLingui();
  const wanted = loadedArticles(i18n.locale);
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted) return;
    let live = true;
    void loadArticles(i18n.locale).then((list) => {
      if (live) setShown(list);
    });
    return () => {
      live = false;
    };
  }, [wanted, i18n.locale]);
  return wanted ?? shown;
}

function WikiSearch({ articles }: { articles: readonly Article[] }) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState('');
  const hits = query.trim() ? searchArticles(articles, query, 12) : null;
  const count = hits?.length ?? 0;
  return (
    <div className={styles.search}>
      <form role="search" aria-label={t`Help`} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          <Trans>Search the help</Trans>
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.input}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t`scoring, shortcuts, export…`}
          autoComplete="off"
          aria-describedby={`${id}-status`}
        />
      </form>
      <p id={`${id}-status`} className={styles.status} role="status">
        {hits === null
          ? ''
          : hits.length === 0
            ? t`No article matches every word.`
            : t`${plural(count, { one: '# match.', other: '# matches.' })}`}
      </p>
      {hits && hits.length > 0 ? (
        <ul className={styles.hits} aria-label={t`Help search results`}>
          {hits.map((hit) => (
            <li key={hit.href}>
              <Link to={hit.href} className={styles.hitLink} onClick={() => setQuery('')}>
                <span className={styles.hitTitle} lang={hit.lang}>
                  {hit.section ? `${hit.article} › ${hit.section}` : hit.article}
                </span>
                <span className={styles.hitExcerpt} lang={hit.lang}>
                  {hit.excerpt}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ArticleList({ articles, current }: { articles: readonly Article[]; current?: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Help articles`} className={styles.nav}>
      <ul className={styles.navList}>
        {articles.map((article) => (
          <li key={article.slug}>
            <Link
              to={paths.app.wikiArticle.getHref(article.slug)}
              className={styles.navLink}
              aria-current={article.slug === current ? 'page' : undefined}
              lang={article.lang}
            >
              {article.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The wiki: help articles for learners, searchable, each heading linkable by its anchor. */
export function WikiPage() {
  const { t } = useLingui();
  const { article: slug } = useParams();
  const articles = useArticles();
  const article = articles && findArticle(articles, slug);
  useAnchor(article);
  const articleTitle = article?.title ?? '';

  // Only after a failed load (the router loads them with the page): nothing to show yet.
  if (!articles) return <Page title={t`Wiki`}>{null}</Page>;

  if (slug !== undefined && !article) {
    return (
      <Page title={t`Wiki`}>
        <EmptyState icon="wiki" title={t`No such article`}>
          <p>
            <Trans>
              <Link to={paths.app.wiki.getHref()}>See every help article</Link>.
            </Trans>
          </p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page
      title={article ? article.title : t`Wiki`}
      documentTitle={article ? t`Wiki › ${articleTitle}` : t`Wiki`}
      description={
        article ? (
          <p>
            <Link to={paths.app.wiki.getHref()}>
              <Trans>Wiki</Trans>
            </Link>{' '}
            › <span lang={article.lang}>{article.title}</span>
          </p>
        ) : (
          <p>
            <Trans>Help on studying, scoring, the scheduler, sharing and your data.</Trans>
          </p>
        )
      }
    >
      <div className={styles.layout}>
        <aside className={styles.side}>
          <WikiSearch articles={articles} />
          <ArticleList articles={articles} current={article?.slug} />
        </aside>
        <div className={styles.main}>
          {article ? (
            <article aria-label={article.title} lang={article.lang}>
              <ArticleView article={article} />
            </article>
          ) : (
            <ul className={styles.cards} aria-label={t`Every article`}>
              {articles.map((item) => (
                <li key={item.slug} className={styles.card} lang={item.lang}>
                  <h2 className={styles.cardTitle}>
                    <Link to={paths.app.wikiArticle.getHref(item.slug)}>{item.title}</Link>
                  </h2>
                  <p className={styles.cardText}>{item.summary}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Page>
  );
}

export default WikiPage;
