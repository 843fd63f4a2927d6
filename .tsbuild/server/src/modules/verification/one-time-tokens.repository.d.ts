import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OneTimeTokensTable } from '../../db/schema';
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;
export type OneTimeTokenKind = OneTimeTokensTable['kind'];
export declare function insertOneTimeToken(db: Db, row: Insertable<OneTimeTokensTable>): Promise<void>;
/** Ends the unused tokens of one kind for a user (a newer link replaces the older ones). */
export declare function invalidateUnusedTokens(db: Db, userId: string, kind: OneTimeTokenKind, now: number): Promise<void>;
export declare function findOneTimeTokenByHash(db: Db, tokenHash: string): Promise<OneTimeTokenRow | undefined>;
/** Marks a token used unless it already is; false when another request used it first. */
export declare function markOneTimeTokenUsed(db: Db, id: string, now: number): Promise<boolean>;
