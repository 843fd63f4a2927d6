import { languages, searchLimits, searchScopeSchema, type SearchScope } from '@glossa/contract';
import { searchTerms } from '@glossa/srs';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { languageLabel } from '../../../components/language-dropdown';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { useHelpHits } from '../../../lib/help-search';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTypedText } from '../../../lib/use-typed-text';
import exploreStyles from '../../explore/explore.module.css';
import { searchQueryOptions } from '../api/search-requests';
import { resultsSummary, SearchResultGroups } from '../components/search-results';
import styles from './search-page.module.css';

/** Help articles shown beside the results. */
const helpLimit = 5;

const scopeText: Record<SearchScope, MessageDescriptor> = {
  mine: msg`Everything you can read`,
  public: msg`Public decks`,
};

/**
 * Search: one box over the learner's cards and categories, those shared with them and the decks
 * they joined (or, as a scope of its own, every public deck), case and accents aside, in any
 * script. The query and the filters live in the URL (`?q=`), so back, reload and links work;
 * results come as the learner types.
 */
export function SearchPage() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  // The box shows what was typed at once; the URL follows it.
  const [q, setQ] = useTypedText(urlQ);
  const scope = searchScopeSchema.catch('mine').parse(params.get('scope') ?? 'mine');
  const language = params.get('language') ?? '';
  const categoryId = params.get('category') ?? '';
  const limit = params.get('more') ? searchLimits.pageSizeMax : searchLimits.pageSizeDefault;
  const typed = useDebouncedValue(q, 200);
  const categories = useQuery(categoryTreeQueryOptions());
  const search = useQuery({
    ...searchQueryOptions({ q: typed, scope, language, categoryId, limit }),
    // The results stay while the next ones load, so the page does not jump under the typing.
    placeholderData: keepPreviousData,
  });
  const terms = useMemo(() => searchTerms(typed), [typed]);
  // The help articles matching the words (found on this device, not filtered by scope).
  const help = useHelpHits(terms.length > 0 ? typed : '', helpLimit);
  // The box has the focus when the page opens: searching is what it is for.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);

  const update = (patch: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('more' in patch)) next.delete('more');
        return next;
      },
      // Typing replaces the entry instead of adding one per letter.
      { replace: 'q' in patch },
    );

  let content;
  if (typed.trim() === '' || searchTerms(typed).length === 0) {
    content = (
      <EmptyState icon="search" title={t`Search your cards and categories`}>
        <p>
          <Trans>
            Type a word in any script: accents and case do not matter, the start of a word is
            enough, and “<span lang="zh">图书</span>” finds “<span lang="zh">图书馆</span>”. Press{' '}
            <kbd>/</kbd> anywhere in the app to search.
          </Trans>
        </p>
      </EmptyState>
    );
  } else if (search.isPending) {
    content = <PageSpinner label={t`Searching`} />;
  } else if (search.isError) {
    content = (
      <LoadFailed
        icon="alert"
        title={t`The search could not be made`}
        error={search.error}
        onRetry={() => void search.refetch()}
      />
    );
  } else if (search.data.cards.items.length === 0 && search.data.categories.items.length === 0) {
    content = (
      <EmptyState icon="search" title={t`Nothing matches`}>
        <p>
          {scope === 'mine'
            ? t`Nothing you can read holds every word of this search. Try fewer words, or the public decks.`
            : t`No public deck holds every word of this search. Try fewer words.`}
        </p>
      </EmptyState>
    );
  } else {
    const more = search.data.cards.more || search.data.categories.more;
    const pageSizeMax = searchLimits.pageSizeMax;
    content = (
      <>
        <SearchResultGroups results={search.data} terms={terms} />
        {more && limit < searchLimits.pageSizeMax ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => update({ more: '1' })}>
              <Trans>Show more results</Trans>
            </Button>
          </div>
        ) : more ? (
          <p className={exploreStyles.muted}>
            <Trans>
              Only the best {pageSizeMax} of each kind show: add a word to narrow the search.
            </Trans>
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Page
      title={t`Search`}
      description={
        <p>
          <Trans>
            Your cards and categories, the ones shared with you and the decks you joined.
          </Trans>
        </p>
      }
    >
      <div className={styles.layout}>
        <form
          role="search"
          aria-label={t`Search cards and categories`}
          className={styles.filters}
          onSubmit={(event) => event.preventDefault()}
        >
          <div className={`${styles.filter} ${styles.grow}`}>
            <label htmlFor={`${id}-q`} className={exploreStyles.label}>
              <Trans>Search</Trans>
            </label>
            <input
              ref={box}
              id={`${id}-q`}
              type="search"
              className={exploreStyles.input}
              placeholder={t`A word, the start of one, or a part of it`}
              value={q}
              maxLength={searchLimits.queryMax}
              autoComplete="off"
              onChange={(event) => {
                setQ(event.target.value);
                update({ q: event.target.value });
              }}
            />
          </div>
          <div className={styles.filter}>
            <label htmlFor={`${id}-scope`} className={exploreStyles.label}>
              <Trans>Search in</Trans>
            </label>
            <select
              id={`${id}-scope`}
              className={exploreStyles.select}
              value={scope}
              onChange={(event) =>
                update({ scope: event.target.value === 'mine' ? '' : event.target.value })
              }
            >
              {searchScopeSchema.options.map((option) => (
                <option key={option} value={option}>
                  {i18n._(scopeText[option])}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor={`${id}-language`} className={exploreStyles.label}>
              <Trans>Language</Trans>
            </label>
            <select
              id={`${id}-language`}
              className={exploreStyles.select}
              value={language}
              onChange={(event) => update({ language: event.target.value })}
            >
              <option value="">{t`Any language`}</option>
              {languages.map((item) => (
                <option key={item.code} value={item.code}>
                  {languageLabel(item)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor={`${id}-category`} className={exploreStyles.label}>
              <Trans>Category</Trans>
            </label>
            <select
              id={`${id}-category`}
              className={exploreStyles.select}
              value={categoryId}
              onChange={(event) => update({ category: event.target.value })}
            >
              <option value="">{t`Any category`}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {`${'\u2003'.repeat(Math.max(0, category.depth - 1))}${category.name}`}
                </option>
              ))}
            </select>
          </div>
        </form>
        <p className={exploreStyles.muted} role="status">
          {search.isSuccess && typed.trim() !== '' ? resultsSummary(search.data) : ''}
        </p>
        {content}
        {help.length > 0 ? (
          <section aria-labelledby={`${id}-help`} className={styles.help}>
            <h2 id={`${id}-help`} className={styles.helpTitle}>
              <Trans>Help</Trans>
            </h2>
            <ul className={styles.helpList}>
              {help.map((hit) => (
                <li key={hit.href} lang={hit.lang}>
                  <Link to={hit.href}>
                    {hit.section ? `${hit.article} › ${hit.section}` : hit.article}
                  </Link>
                  <p className={exploreStyles.muted}>{hit.excerpt}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Page>
  );
}

export default SearchPage;
