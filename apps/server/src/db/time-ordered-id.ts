import { randomUUID } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the rest random.
 * Rows keyed by it are appended at the end of their primary key index instead of at a random
 * place in it, so a commit of many of them writes a page or two of that index, not one per row.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12);
  // A version 4 UUID already has the variant bits of version 7 (10xx) and 74 random bits.
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
