import type { Db } from '../../db/database';
import { type OneTimeTokenKind, type OneTimeTokenRow } from './one-time-tokens.repository';
/** How long a mailed link works (DESIGN.md §5). */
export declare const oneTimeTokenLifetimeMs: Record<OneTimeTokenKind, number>;
/** Only the SHA-256 of a token is stored: a leaked table gives no usable link. */
export declare function hashOneTimeToken(token: string): string;
/**
 * Issues a new single-use token of a kind for a user, bound to the address it is mailed to, and
 * ends the earlier unused ones of that kind. Returns the token itself, to be put in the link.
 */
export declare function issueOneTimeToken(db: Db, input: {
    userId: string;
    kind: OneTimeTokenKind;
    email: string;
    now: number;
}): Promise<string>;
/** The unused, unexpired token of a kind, or a 400 naming `token` that says what is wrong. */
export declare function findUsableToken(db: Db, token: string, kind: OneTimeTokenKind, now: number): Promise<OneTimeTokenRow>;
/** Marks the token used inside the caller's transaction; a concurrent second use fails. */
export declare function consumeToken(trx: Db, row: OneTimeTokenRow, now: number): Promise<void>;
export declare function staleAddressError(): import("../../errors").AppError;
