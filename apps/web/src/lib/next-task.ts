/**
 * Resolves in a later task of the main thread, so that the work after it starts a task of its
 * own. A phone's responsiveness counts each task's time beyond 50 ms (Lighthouse's total
 * blocking time), so two short tasks cost far less than one that does both (decision 0031).
 * `scheduler.yield()` where the browser has it (the rest resumes ahead of other waiting tasks),
 * else a timer.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
