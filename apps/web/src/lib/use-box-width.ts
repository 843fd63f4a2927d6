import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A drawing follows its box's width, so its text keeps its size from 320 px to desktop.
 * `fallbackWidth` is drawn before the first measure (and where nothing can be measured); null
 * draws nothing until then, for a drawing whose caller keeps its place meanwhile.
 */
export function useBoxWidth<Fallback extends number | null>(fallbackWidth: Fallback) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | Fallback>(fallbackWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The observer reports the first size as soon as the box is laid out (a layout the browser
    // does anyway, not one forced now), then every change.
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width ?? 0;
      if (measured > 0) setWidth(Math.round(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
