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
