import type { CardSort } from '@glossa/contract';
import { invalidInput } from '../../errors';

/** What a page cursor remembers: the sort it belongs to and the last row's key. */
export interface CursorKey {
  sort: CardSort;
  order: 'asc' | 'desc';
  value: string | number;
  id: string;
}

/** Opaque to clients: base64url of a small JSON array. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.sort, key.order, key.value, key.id])).toString(
    'base64url',
  );
}

const badCursor = () => invalidInput('cursor', 'This cursor is not valid for this list');

/** The key after which the next page starts; 400 naming cursor for anything else. */
export function decodeCursor(cursor: string, sort: CardSort, order: 'asc' | 'desc'): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
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
