import { studyQueueSchema } from '@glossa/contract';
import { z } from 'zod';
import { queueStorageKey, type QueueScope } from './queue-keys';

export { clearStoredQueues, queueStorageKey, type QueueScope } from './queue-keys';

/**
 * The last study queue the server sent, kept on the device (localStorage, one item per learner
 * and scope) so that a session opened without a network (a reload offline) can go on with it.
 * It holds the learner's cards, so signing out removes every one (clearStoredQueues).
 */

const storedQueueSchema = z.object({
  /** When the server sent it (epoch ms). */
  savedAt: z.number(),
  queue: studyQueueSchema,
  /**
   * The learner's passing score then (null when it was not known), so that answers given after a
   * reload offline, when the learner's settings cannot be fetched, are scored as the server will.
   */
  minimumScore: z.number().nullable().default(null),
});
export type StoredQueue = z.input<typeof storedQueueSchema>;
type KeptQueue = z.output<typeof storedQueueSchema>;

/** The kept queue; null when there is none or it does not parse (written by another version). */
export function readStoredQueue(
  storage: Storage,
  userId: string,
  scope: QueueScope,
): KeptQueue | null {
  const raw = storage.getItem(queueStorageKey(userId, scope));
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const stored = storedQueueSchema.safeParse(parsed);
  return stored.success ? stored.data : null;
}

/**
 * Keeps the queue. A storage that refuses it (full or blocked) costs only the offline copy: the
 * session has the server's queue. The previous copy goes too, so an older queue is never taken
 * for the last one.
 */
export function writeStoredQueue(
  storage: Storage,
  userId: string,
  scope: QueueScope,
  stored: StoredQueue,
): void {
  const key = queueStorageKey(userId, scope);
  try {
    storage.setItem(key, JSON.stringify(stored));
  } catch {
    try {
      storage.removeItem(key);
    } catch {
      // A blocked storage refuses this too; it then keeps nothing that could be outdated.
    }
  }
}
