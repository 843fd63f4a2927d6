import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come near the screen yet (within a quarter screen of it), for a part of a
 * page that is costly to draw and not seen at first: it is drawn once the learner scrolls towards
 * it, in a background render, and stays drawn. Where nothing tells (no IntersectionObserver, as in
 * tests), it is near at once.
 */
export function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      // A quarter screen above and below: drawn before it scrolls in, and on a phone the first
      // panel below the fold is not drawn with the page. (A CSS length, no words.)
      // eslint-disable-next-line lingui/no-unlocalized-strings
      { rootMargin: '25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
