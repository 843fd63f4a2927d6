import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { PageSpinner, Spinner } from '../../../components/spinner';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { cardListQueryOptions, type CardListFilters } from '../api/browse-requests';
import browseStyles from '../browse.module.css';
import styles from './browse-page.module.css';
import { BrowseFilters, type FilterValues } from '../components/browse-filters';
import { BulkActions } from '../components/bulk-actions';
import { CardGrid } from '../components/card-grid';
import { categoryOptions } from '../components/category-tree';
import { ExportMenu } from '../components/export-menu';
import { ImportDialog } from '../components/import-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type SortKey = CardListFilters['sort'];

const defaultOrder: Record<SortKey, 'asc' | 'desc'> = {
  created: 'desc',
  updated: 'desc',
  front: 'asc',
};

const initialFilters: FilterValues = {
  q: '',
  categoryId: '',
  includeSubcategories: true,
  from: '',
  to: '',
};

interface Selection {
  /** The list the selection was made in; another list starts with none. */
  listKey: string;
  ids: Set<string>;
  anchor: number | null;
}

/** Browse: every card of the learner in a sortable, filterable, virtualised table. */
export function BrowsePage() {
  const { t } = useLingui();
  const [filters, setFilters] = useState(initialFilters);
  const [sorting, setSorting] = useState<{ sort: SortKey; order: 'asc' | 'desc' }>({
    sort: 'created',
    order: 'desc',
  });
  const q = useDebouncedValue(filters.q, 300);
  const listFilters: CardListFilters = { ...filters, q, ...sorting };
  const listKey = JSON.stringify(listFilters);

  // The table stays while another sort or filter loads, so focus and scroll are not lost.
  const list = useInfiniteQuery({
    ...cardListQueryOptions(listFilters),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(categoryTreeQueryOptions());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const names = useMemo(
    () => new Map((categories.data ?? []).map((item) => [item.id, item.name])),
    [categories.data],
  );

  const cards = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  // The first page counts the whole list; the loaded cards stand in until it answers.
  const total = list.data?.pages[0]?.total ?? cards.length;

  const [selection, setSelection] = useState<Selection>({
    listKey,
    ids: new Set(),
    anchor: null,
  });
  const current =
    selection.listKey === listKey ? selection : { listKey, ids: new Set<string>(), anchor: null };
  const [activeIndex, setActiveIndex] = useState(0);
  const active = Math.min(activeIndex, Math.max(0, cards.length - 1));

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onSort = (sort: SortKey) =>
    setSorting((previous) =>
      previous.sort === sort
        ? { sort, order: previous.order === 'asc' ? 'desc' : 'asc' }
        : { sort, order: defaultOrder[sort] },
    );

  const categoryName = useCallback(
    (id: string | null) => (id === null ? '—' : (names.get(id) ?? t`Shared category`)),
    [names, t],
  );

  const clearSelection = () => setSelection({ listKey, ids: new Set(), anchor: null });
  const onLayoutKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || current.ids.size === 0) return;
    if (
      event.target instanceof Element &&
      event.target.closest('[role="dialog"], [role="alertdialog"]')
    ) {
      return;
    }
    event.preventDefault();
    clearSelection();
  };

  const filtered =
    q.trim() !== '' || filters.categoryId !== '' || filters.from !== '' || filters.to !== '';
  const selectedIds = cards.filter((card) => current.ids.has(card.id)).map((card) => card.id);
  const selectedCount = selectedIds.length;

  let content;
  if (list.isPending) {
    content = <PageSpinner label={t`Loading your cards`} />;
  } else if (list.isError) {
    content = (
      <LoadFailed
        icon="alert"
        title={t`Your cards could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (cards.length === 0) {
    content = filtered ? (
      <EmptyState icon="search" title={t`No card matches these filters`}>
        <p>
          <Trans>Change the search or the filters to see more cards.</Trans>
        </p>
      </EmptyState>
    ) : (
      <EmptyState icon="browse" title={t`No cards yet`}>
        <p>
          <Trans>
            Add your first card with <strong>New card</strong> in the header, or press <kbd>n</kbd>{' '}
            anywhere.
          </Trans>
        </p>
      </EmptyState>
    );
  } else {
    content = (
      <CardGrid
        cards={cards}
        hasMore={hasNextPage}
        loadMore={loadMore}
        sort={sorting.sort}
        order={sorting.order}
        onSort={onSort}
        selected={current.ids}
        onSelectionChange={(ids) => setSelection({ ...current, ids })}
        activeIndex={active}
        onActiveIndexChange={setActiveIndex}
        anchorIndex={current.anchor}
        onAnchorIndexChange={(anchor) =>
          setSelection((previous) => ({
            ...(previous.listKey === listKey ? previous : current),
            anchor,
          }))
        }
        categoryName={categoryName}
      />
    );
  }

  return (
    <Page
      title={t`Browse`}
      description={
        <p>
          <Trans>All your cards in one sortable, filterable table.</Trans>
        </p>
      }
      actions={
        <div className={styles.pageActions}>
          <ImportDialog />
          <ExportMenu />
        </div>
      }
    >
      {/* Esc anywhere on the page (but in a dialog, which it closes) clears the selection. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className={styles.layout} onKeyDown={onLayoutKeyDown}>
        <BrowseFilters
          values={filters}
          categories={options}
          onChange={(patch) => setFilters((previous) => ({ ...previous, ...patch }))}
        />
        <div className={styles.statusRow}>
          <p className={browseStyles.muted} role="status">
            {list.isSuccess
              ? selectedCount > 0
                ? t`${plural(total, { one: '# card', other: '# cards' })}, ${plural(selectedCount, { one: '# selected', other: '# selected' })} (Esc clears)`
                : t`${plural(total, { one: '# card', other: '# cards' })}`
              : ''}
          </p>
          {isFetchingNextPage ? <Spinner size="sm" label={t`Loading more cards`} /> : null}
        </div>
        {selectedIds.length > 0 ? (
          <BulkActions ids={selectedIds} categories={options} onDone={clearSelection} />
        ) : null}
        {content}
        <p className={browseStyles.hint}>
          <Trans>
            Keys: ↑ ↓ move, Space selects, Shift+click or Shift+↑ ↓ selects a range, Enter opens.
          </Trans>
        </p>
      </div>
    </Page>
  );
}

export default BrowsePage;
