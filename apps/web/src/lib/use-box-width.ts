import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A drawing follows its box's width, so its text keeps its size from 320 px to desktop.
 * `fallbackWidth` is drawn before the first measure (and where nothing can be measured).
 */
export function useBoxWidth(fallbackWidth: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallbackWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The observer reports the first size as soon as it observes, then every change.
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width ?? 0;
      if (measured > 0) setWidth(Math.round(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
