import { clientReviewIdSchema, directionSchema } from '@glossa/contract';
import { z } from 'zod';

/** One answer waiting on the device for the server. */
export const outboxEntrySchema = z.object({
  clientReviewId: clientReviewIdSchema,
  cardId: z.string(),
  /** The direction answered (decision 0027); absent from an entry kept by an older version. */
  direction: directionSchema.optional(),
  guess: z.string(),
  elapsedMs: z.number(),
  /** When the learner answered (epoch ms). */
  answeredAt: z.number(),
  /** "I was right" was asked before the answer reached the server: sent right after it. */
  override: z.boolean(),
  /**
   * The answer itself already reached the server ("I was right" asked once its result showed):
   * only the override is left to send.
   */
  reviewSent: z.boolean().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The localStorage item holding one learner's unsent answers. */
export function outboxStorageKey(userId: string): string {
  return `reviewOutbox:${userId}`;
}

/** The stored entries; an entry that does not parse (written by another version) is skipped. */
export function readOutbox(storage: Storage, userId: string): OutboxEntry[] {
  const raw = storage.getItem(outboxStorageKey(userId));
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const entry = outboxEntrySchema.safeParse(item);
    return entry.success ? [entry.data] : [];
  });
}

/** Writes the whole list (an empty one removes the item); throws when the storage refuses. */
export function writeOutbox(storage: Storage, userId: string, entries: OutboxEntry[]): void {
  if (entries.length === 0) storage.removeItem(outboxStorageKey(userId));
  else storage.setItem(outboxStorageKey(userId), JSON.stringify(entries));
}
