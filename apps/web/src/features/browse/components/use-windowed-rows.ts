import { useEffect, useState, type RefObject } from 'react';

export interface WindowedRows {
  /** First and one-past-last index to render. */
  start: number;
  end: number;
  /** Height of all rows, so the scrollbar matches the whole list. */
  totalHeight: number;
  /** Whole rows that fit in the viewport (Page Up and Page Down move by this). */
  pageRows: number;
  /** Scrolls the viewport so that row `index` is fully visible. */
  scrollToIndex(index: number): void;
}

/** Used before the viewport is measured (and where layout is not computed, as in tests). */
const fallbackViewportHeight = 640;

/**
 * Windowing with a fixed row height: only the rows in view, plus `overscan` above and below,
 * are rendered, so a list of tens of thousands stays as light as one screenful.
 */
export function useWindowedRows(
  viewport: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 8,
): WindowedRows {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScrollTop(element.scrollTop));
    };
    const measure = () => setHeight(element.clientHeight);
    measure();
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [viewport]);

  const viewportHeight = height > 0 ? height : fallbackViewportHeight;
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);

  const scrollToIndex = (index: number) => {
    const element = viewport.current;
    if (!element) return;
    const top = index * rowHeight;
    const bottom = top + rowHeight;
    const visible = element.clientHeight || fallbackViewportHeight;
    let next = element.scrollTop;
    if (top < next) next = top;
    else if (bottom > next + visible) next = bottom - visible;
    if (next === element.scrollTop) return;
    // jsdom has no scrollTo on elements; browsers all do.
    if (typeof element.scrollTo === 'function') element.scrollTo({ top: next });
    setScrollTop(next);
  };

  const pageRows = Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);
  return { start, end, totalHeight: count * rowHeight, pageRows, scrollToIndex };
}
