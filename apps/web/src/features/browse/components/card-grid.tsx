import type { Card } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  observeElementRect,
  useVirtualizer,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { CardListFilters } from '../api/browse-requests';
import styles from './card-grid.module.css';
import { formatDate } from '../../../lib/dates';

const rowHeight = 44;
const overscan = 8;

/** The viewport's size before it is measured, and where layout is not computed (as in tests). */
const unmeasuredViewport: Rect = { width: 0, height: 640 };

/** The viewport's size as the virtualiser observes it, the fallback while it measures 0. */
function observeViewport(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) =>
    onRect(rect.height > 0 ? rect : unmeasuredViewport),
  );
}

type SortKey = CardListFilters['sort'];

export interface CardGridProps {
  cards: readonly Card[];
  /** More pages exist: the row count is unknown and reaching the end loads the next. */
  hasMore: boolean;
  loadMore(): void;
  sort: SortKey;
  order: 'asc' | 'desc';
  onSort(sort: SortKey): void;
  selected: ReadonlySet<string>;
  onSelectionChange(next: Set<string>): void;
  activeIndex: number;
  onActiveIndexChange(index: number): void;
  /** Where the last selection click happened, for shift-click ranges. */
  anchorIndex: number | null;
  onAnchorIndexChange(index: number): void;
  categoryName(id: string | null): string;
}

function SortHeader({
  label,
  column,
  sort,
  order,
  onSort,
  className,
}: {
  label: string;
  column: SortKey;
  sort: SortKey;
  order: 'asc' | 'desc';
  onSort(sort: SortKey): void;
  className?: string;
}) {
  const active = sort === column;
  return (
    <div
      role="columnheader"
      className={`${styles.cell} ${className ?? ''}`}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className={styles.sortMark}>
          {active ? (order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </div>
  );
}

/**
 * The card table as an ARIA grid, virtualised: arrows (and Home, End, Page Up, Page Down) move
 * the active row, Space selects it, Shift+arrows extend the selection, Enter opens the card.
 */
export function CardGrid({
  cards,
  hasMore,
  loadMore,
  sort,
  order,
  onSort,
  selected,
  onSelectionChange,
  activeIndex,
  onActiveIndexChange,
  anchorIndex,
  onAnchorIndexChange,
  categoryName,
}: CardGridProps) {
  const { t } = useLingui();
  const gridId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const allCheckbox = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  // Fixed-height rows: only those in view, plus `overscan` above and below, are rendered. The
  // rule warns that React Compiler would not memoise this component; the app is not compiled by it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: unmeasuredViewport,
    observeElementRect: observeViewport,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const end = (virtualRows.at(-1)?.index ?? -1) + 1;
  const viewportHeight = virtualizer.scrollRect?.height ?? unmeasuredViewport.height;
  /** Whole rows that fit in the viewport (Page Up and Page Down move by this). */
  const pageRows = Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);

  const selectedCount = cards.reduce((count, card) => count + (selected.has(card.id) ? 1 : 0), 0);
  const allSelected = cards.length > 0 && selectedCount === cards.length;
  useEffect(() => {
    if (allCheckbox.current) {
      allCheckbox.current.indeterminate = selectedCount > 0 && !allSelected;
    }
  }, [selectedCount, allSelected]);

  useEffect(() => {
    if (hasMore && end >= cards.length - overscan) loadMore();
  }, [hasMore, end, cards.length, loadMore]);

  const rowId = (index: number) => `${gridId}-row-${index}`;

  const selectRange = (from: number, to: number, value: boolean) => {
    const next = new Set(selected);
    const [low, high] = from < to ? [from, to] : [to, from];
    for (let index = low; index <= high; index += 1) {
      const card = cards[index];
      if (!card) continue;
      if (value) next.add(card.id);
      else next.delete(card.id);
    }
    onSelectionChange(next);
  };

  const toggle = (index: number, shift: boolean) => {
    const card = cards[index];
    if (!card) return;
    const value = !selected.has(card.id);
    if (shift && anchorIndex !== null) selectRange(anchorIndex, index, value);
    else selectRange(index, index, value);
    onAnchorIndexChange(index);
    onActiveIndexChange(index);
  };

  const moveTo = (index: number, extend: boolean) => {
    if (cards.length === 0) return;
    const next = Math.max(0, Math.min(cards.length - 1, index));
    if (extend) {
      const anchor = anchorIndex ?? activeIndex;
      selectRange(anchor, next, true);
      onAnchorIndexChange(anchor);
    }
    onActiveIndexChange(next);
    virtualizer.scrollToIndex(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1, event.shiftKey);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1, event.shiftKey);
        break;
      case 'PageDown':
        moveTo(activeIndex + pageRows, event.shiftKey);
        break;
      case 'PageUp':
        moveTo(activeIndex - pageRows, event.shiftKey);
        break;
      case 'Home':
        moveTo(0, event.shiftKey);
        break;
      case 'End':
        moveTo(cards.length - 1, event.shiftKey);
        break;
      case ' ':
        toggle(activeIndex, event.shiftKey);
        break;
      case 'Enter': {
        const card = cards[activeIndex];
        if (card) void navigate(paths.app.card.getHref(card.id));
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const active = cards[activeIndex];

  return (
    <div
      role="grid"
      aria-label={t`Cards`}
      aria-multiselectable="true"
      aria-rowcount={hasMore ? -1 : cards.length + 1}
      aria-activedescendant={active ? rowId(activeIndex) : undefined}
      tabIndex={0}
      className={styles.grid}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className={styles.head}>
        <div role="row" aria-rowindex={1} className={styles.row}>
          <div role="columnheader" className={`${styles.cell} ${styles.check}`}>
            <input
              ref={allCheckbox}
              type="checkbox"
              aria-label={t`Select all loaded cards`}
              checked={allSelected}
              disabled={cards.length === 0}
              onChange={() =>
                onSelectionChange(allSelected ? new Set() : new Set(cards.map((card) => card.id)))
              }
            />
          </div>
          <SortHeader label={t`Front`} column="front" sort={sort} order={order} onSort={onSort} />
          <div role="columnheader" className={styles.cell}>
            <Trans>Answers</Trans>
          </div>
          <div role="columnheader" className={`${styles.cell} ${styles.wide}`}>
            <Trans>Languages</Trans>
          </div>
          <div role="columnheader" className={`${styles.cell} ${styles.wide}`}>
            <Trans>Category</Trans>
          </div>
          <SortHeader
            label={t`Created`}
            column="created"
            sort={sort}
            order={order}
            onSort={onSort}
            className={styles.wide}
          />
          <SortHeader
            label={t`Updated`}
            column="updated"
            sort={sort}
            order={order}
            onSort={onSort}
            className={styles.wide}
          />
        </div>
      </div>
      <div ref={viewport} className={styles.viewport}>
        <div role="rowgroup" className={styles.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map(({ index, start }) => {
            const card = cards[index];
            if (!card) return null;
            const isSelected = selected.has(card.id);
            const front = card.front;
            return (
              // Rows are driven from the grid's keyboard handler (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={card.id}
                id={rowId(index)}
                role="row"
                tabIndex={-1}
                aria-rowindex={index + 2}
                aria-selected={isSelected}
                data-active={index === activeIndex || undefined}
                className={styles.row}
                style={{ transform: `translateY(${start}px)`, height: rowHeight }}
                onClick={() => onActiveIndexChange(index)}
              >
                <div role="gridcell" className={`${styles.cell} ${styles.check}`}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={t`Select “${front}”`}
                    checked={isSelected}
                    onChange={(event) => {
                      const native = event.nativeEvent;
                      toggle(index, native instanceof MouseEvent && native.shiftKey);
                    }}
                    onClick={(event: MouseEvent) => event.stopPropagation()}
                  />
                </div>
                <div role="gridcell" className={styles.cell} dir="auto">
                  <Link to={paths.app.card.getHref(card.id)} tabIndex={-1} className={styles.link}>
                    {card.front}
                  </Link>
                </div>
                <div role="gridcell" className={styles.cell} dir="auto">
                  {card.answers.join('; ')}
                </div>
                <div role="gridcell" className={`${styles.cell} ${styles.wide}`}>
                  {card.fromLanguageCode} → {card.toLanguageCode}
                </div>
                <div role="gridcell" className={`${styles.cell} ${styles.wide}`}>
                  {categoryName(card.categoryId)}
                </div>
                <div role="gridcell" className={`${styles.cell} ${styles.wide}`}>
                  <time dateTime={card.createdAt}>{formatDate(card.createdAt)}</time>
                </div>
                <div role="gridcell" className={`${styles.cell} ${styles.wide}`}>
                  <time dateTime={card.updatedAt}>{formatDate(card.updatedAt)}</time>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
