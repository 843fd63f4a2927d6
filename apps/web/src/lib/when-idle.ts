/**
 * Runs `task` once the page has shown and the main thread is idle (within two seconds), for code
 * loaded ahead of its first use but after the first paint (decision 0031). Returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
