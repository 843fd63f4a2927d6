import type { CardSort } from '@glossa/contract';
import { badCursor, encodeCursorJson, readCursorJson } from '../../http/page-cursor';

/** What a page cursor remembers: the sort it belongs to and the last row's key. */
export interface CursorKey {
  sort: CardSort;
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

/** Opaque to clients: base64url of a small JSON array. */
export function encodeCursor(key: CursorKey): string {
  return encodeCursorJson([key.sort, key.order, key.value, key.id]);
}

/** The key after which the next page starts; 400 naming cursor for anything else. */
export function decodeCursor(cursor: string, sort: CardSort, order: 'asc' | 'desc'): CursorKey {
  const parsed = readCursorJson(cursor);
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor();
  const [s, o, value, id] = parsed as unknown[];
  const valueOk =
    sort === 'front'
      ? typeof value === 'string'
      : typeof value === 'number' && Number.isSafeInteger(value);
  if (s !== sort || o !== order || typeof id !== 'string' || !valueOk) throw badCursor();
  if (typeof value !== 'string' && typeof value !== 'number') throw badCursor();
  return { sort, order, value, id };
}
