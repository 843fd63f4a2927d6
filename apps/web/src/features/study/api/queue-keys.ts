// The names of the kept study queues (queue-storage.ts), without their schema: signing out
// removes them from the app's shell, which loads before zod (decision 0031).

/** What the page asks for: everything, or one category. */
export type QueueScope = string | null;

const keyPrefix = 'studyQueue:';

/** The localStorage item holding one learner's last queue of one scope. */
export function queueStorageKey(userId: string, scope: QueueScope): string {
  return `${keyPrefix}${userId}:${scope ?? 'all'}`;
}

/** Removes every kept queue, of every learner (signing out). */
export function clearStoredQueues(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(keyPrefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
