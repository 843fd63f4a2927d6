import type { Direction } from '@glossa/contract';

/** One answer waiting on the device for the server. */
export interface OutboxEntry {
  clientReviewId: string;
  cardId: string;
  /** The direction answered (decision 0027); absent from an entry kept by an older version. */
  direction?: Direction | undefined;
  guess: string;
  elapsedMs: number;
  /** When the learner answered (epoch ms). */
  answeredAt: number;
  /** "I was right" was asked before the answer reached the server: sent right after it. */
  override: boolean;
  /**
   * The answer itself already reached the server ("I was right" asked once its result showed):
   * only the override is left to send.
   */
  reviewSent?: boolean | undefined;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isClientReviewId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value);
const isDirection = (value: unknown): value is Direction =>
  value === 'forward' || value === 'reverse';

/**
 * An entry as the contract's schemas would read it (the answer's id and direction as the server
 * takes them; unknown keys left out), or null. Written without zod, which the app's shell does not
 * load before its first paint (decision 0031); outbox-storage.test.ts compares it with the schema.
 */
export function parseOutboxEntry(value: unknown): OutboxEntry | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const item = value as Record<string, unknown>;
  const { clientReviewId, cardId, direction, guess, elapsedMs, answeredAt, override } = item;
  const { reviewSent } = item;
  if (!isClientReviewId(clientReviewId) || typeof cardId !== 'string') return null;
  if (direction !== undefined && !isDirection(direction)) return null;
  if (typeof guess !== 'string' || !isNumber(elapsedMs) || !isNumber(answeredAt)) return null;
  if (typeof override !== 'boolean') return null;
  if (reviewSent !== undefined && typeof reviewSent !== 'boolean') return null;
  const entry: OutboxEntry = { clientReviewId, cardId, guess, elapsedMs, answeredAt, override };
  if ('direction' in item) entry.direction = direction;
  if ('reviewSent' in item) entry.reviewSent = reviewSent;
  return entry;
}

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
    const entry = parseOutboxEntry(item);
    return entry ? [entry] : [];
  });
}

/** Writes the whole list (an empty one removes the item); throws when the storage refuses. */
export function writeOutbox(storage: Storage, userId: string, entries: OutboxEntry[]): void {
  if (entries.length === 0) storage.removeItem(outboxStorageKey(userId));
  else storage.setItem(outboxStorageKey(userId), JSON.stringify(entries));
}
