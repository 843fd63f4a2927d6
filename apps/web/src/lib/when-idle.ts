/** `task` when the main thread is idle (within two seconds). Returns a cancel. */
function onIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/** At the latest, when the browser reports no first contentful paint. */
const paintWait = 3000;

/** `task` once the page's first contentful paint has happened (or after `paintWait`). */
function afterFirstPaint(task: () => void): () => void {
  const painted = () =>
    performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
  if (typeof PerformanceObserver !== 'function' || painted()) {
    task();
    return () => undefined;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    task();
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) finish();
  });
  observer.observe({ type: 'paint' });
  const timer = window.setTimeout(finish, paintWait);
  return () => {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/**
 * Runs `task` once the page has shown (its first contentful paint) and the main thread is idle
 * (within two seconds), for code loaded ahead of its first use but after the first paint
 * (decision 0031): an idle moment can come before that paint, and what is fetched then competes
 * with it. Returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelWait = afterFirstPaint(() => {
    cancelIdle = onIdle(task);
  });
  return () => {
    cancelWait();
    cancelIdle?.();
  };
}
