/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the time in milliseconds, the rest random.
 * Rows keyed by it are appended at the end of their primary key index instead of at a random
 * place in it, so a commit of many of them writes a page or two of that index, not one per row.
 */
export declare function timeOrderedId(now?: number): string;
