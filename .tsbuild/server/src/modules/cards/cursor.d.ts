import type { CardSort } from '@glossa/contract';
/** What a page cursor remembers: the sort it belongs to and the last row's key. */
export interface CursorKey {
    sort: CardSort;
    order: 'asc' | 'desc';
    value: string | number;
    id: string;
}
/** Opaque to clients: base64url of a small JSON array. */
export declare function encodeCursor(key: CursorKey): string;
/** The key after which the next page starts; 400 naming cursor for anything else. */
export declare function decodeCursor(cursor: string, sort: CardSort, order: 'asc' | 'desc'): CursorKey;
