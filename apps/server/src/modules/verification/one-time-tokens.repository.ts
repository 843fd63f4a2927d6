import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OneTimeTokensTable } from '../../db/schema';

export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;
export type OneTimeTokenKind = OneTimeTokensTable['kind'];

export async function insertOneTimeToken(
  db: Db,
  row: Insertable<OneTimeTokensTable>,
): Promise<void> {
  await db.insertInto('one_time_tokens').values(row).execute();
}

/** Ends the unused tokens of one kind for a user (a newer link replaces the older ones). */
export async function invalidateUnusedTokens(
  db: Db,
  userId: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** The user's newest unused token of a kind that has not expired at `now`. */
export async function findUnusedToken(
  db: Db,
  userId: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function findOneTimeTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used unless it already is; false when another request used it first. */
export async function markOneTimeTokenUsed(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
