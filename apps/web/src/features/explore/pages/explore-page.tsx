import { exploreSortSchema } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner, Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTypedText } from '../../../lib/use-typed-text';
import { exploreListQueryOptions } from '../api/explore-requests';
import { DeckCard } from '../components/deck-card';
import { DeckPreviewDialog } from '../components/deck-preview-dialog';
import { ExploreFilters, type ExploreFilterValues } from '../components/explore-filters';
import exploreStyles from '../explore.module.css';
import styles from './explore-page.module.css';

/** A language chosen in the URL: `any` for every language, absent for the learner's own. */
const anyLanguage = 'any';

/**
 * Explore: the public decks of every learner, found by language pair (the learner's own first),
 * name or owner, in the order chosen, page after page as the list scrolls. The filters and the
 * deck previewed (`?deck=`, the link a report gives the admins) live in the URL, so back, reload
 * and links work.
 */
export function ExplorePage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const { data: user } = useUser();
  const language = (name: 'from' | 'to', own: string | undefined) => {
    const value = params.get(name);
    if (value === null) return own ?? '';
    return value === anyLanguage ? '' : value;
  };
  // The box shows what was typed at once; the URL follows it.
  const [typedQ, setTypedQ] = useTypedText(params.get('q') ?? '');
  const values: ExploreFilterValues = {
    q: typedQ,
    from: language('from', user?.defaultFromLanguageCode),
    to: language('to', user?.toLanguageCode),
    sort: exploreSortSchema.catch('popular').parse(params.get('sort') ?? 'popular'),
  };
  // Without a pair in the URL the list waits for the learner's own.
  const ready = user !== undefined || (params.has('from') && params.has('to'));
  const q = useDebouncedValue(values.q, 250);
  const list = useInfiniteQuery({
    ...exploreListQueryOptions({ from: values.from, to: values.to, sort: values.sort, q }),
    enabled: ready,
    // The list stays while another filter loads, so focus and scroll are not lost.
    placeholderData: keepPreviousData,
  });
  const decks = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const deckCount = decks.length;

  const update = (patch: Partial<ExploreFilterValues>) => {
    if (patch.q !== undefined) setTypedQ(patch.q);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (key === 'from' || key === 'to') next.set(key, value === '' ? anyLanguage : value);
          else if (value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      // Typing in the search box replaces the entry instead of adding one per letter.
      { replace: 'q' in patch },
    );
  };
  const openDeck = (id: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set('deck', id);
      else next.delete('deck');
      return next;
    });

  // Infinite scroll: the next page loads as the end of the list comes near (the button does it
  // too, by keyboard or where the browser cannot tell).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let content;
  if (!ready || list.isPending) {
    content = <PageSpinner label={t`Loading public decks`} />;
  } else if (list.isError) {
    content = (
      <LoadFailed
        icon="alert"
        title={t`Public decks could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (decks.length === 0) {
    const narrowed = values.from !== '' || values.to !== '';
    content = (
      <EmptyState
        icon="explore"
        title={q.trim() ? t`No deck matches this search` : t`No public deck here yet`}
        action={
          narrowed ? (
            <Button variant="secondary" onClick={() => update({ from: '', to: '' })}>
              <Trans>Show every language</Trans>
            </Button>
          ) : undefined
        }
      >
        <p>
          {narrowed
            ? t`Nobody published a deck in these languages that matches. Try other languages, or publish one of yours from Organize.`
            : t`Publish one of your categories from Organize, and it shows here for everyone.`}
        </p>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ul className={styles.grid} aria-label={t`Public decks`}>
          {decks.map((deck) => (
            <li key={deck.id} className={styles.item}>
              <DeckCard deck={deck} onPreview={openDeck} />
            </li>
          ))}
        </ul>
        <div ref={sentinel} className={styles.more}>
          {isFetchingNextPage ? (
            <Spinner size="sm" label={t`Loading more decks`} />
          ) : hasNextPage ? (
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              <Trans>Load more decks</Trans>
            </Button>
          ) : (
            <p className={exploreStyles.muted}>
              <Trans>That is every deck that matches.</Trans>
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <Page
      title={t`Explore`}
      description={
        <p>
          <Trans>
            Decks other learners and teachers published for everyone: preview one, try a few cards,
            join it to study it with your own schedule, or copy it to make it yours.
          </Trans>
        </p>
      }
    >
      <div className={styles.layout}>
        <ExploreFilters values={values} onChange={update} />
        <p className={exploreStyles.muted} role="status">
          {list.isSuccess
            ? hasNextPage
              ? t`${plural(deckCount, { one: '#+ deck', other: '#+ decks' })}`
              : t`${plural(deckCount, { one: '# deck', other: '# decks' })}`
            : ''}
        </p>
        {content}
      </div>
      <DeckPreviewDialog deckId={params.get('deck')} onClose={() => openDeck(null)} />
    </Page>
  );
}

export default ExplorePage;
