import { invalidInput } from '../errors';
import { findNul } from './nul-guard';

// The opaque cursors of keyset-paginated lists (cards, explore): base64url of a small JSON array
// that only the list that made it reads back.

export function encodeCursorJson(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export const badCursor = () => invalidInput('cursor', 'This cursor is not valid for this list');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON a cursor holds, or a 400 naming `cursor`: its bytes must be UTF-8 and its strings free
 * of NUL (a forged cursor reaches the database, and PostgreSQL refuses NUL in text).
 */
export function readCursorJson(cursor: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(strictUtf8.decode(Buffer.from(cursor, 'base64url')));
  } catch {
    throw badCursor();
  }
  if (findNul(parsed)) throw badCursor();
  return parsed;
}

/** A newest-first list's cursor: the list's name, then the last row's time and id. */
export function newestFirstCursor(list: string, last: { created_at: number; id: string }): string {
  return encodeCursorJson([list, last.created_at, last.id]);
}

/** Where a newest-first list goes on from, or a 400 naming `cursor` if another list made it. */
export function readNewestFirstCursor(
  list: string,
  cursor: string,
): { createdAt: number; id: string } {
  const parsed = readCursorJson(cursor);
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== list) throw badCursor();
  const [, createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'number' || !Number.isSafeInteger(createdAt) || typeof id !== 'string') {
    throw badCursor();
  }
  return { createdAt, id };
}

/**
 * One page out of the `limit + 1` rows a keyset query read: the first `limit` as items, and the
 * cursor of the next page when the extra row shows there is one.
 */
export function keysetPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (last: Row) => string,
): { items: Item[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}
