import { CompiledQuery, type InferResult, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SessionsTable } from '../../db/schema';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/**
 * The user's sessions, newest first: all of them, or with `activeAt` only those neither revoked
 * nor expired at that time (epoch ms).
 */
export async function listSessions(
  db: Db,
  userId: string,
  options: { activeAt?: number } = {},
): Promise<SessionRow[]> {
  let query = db.selectFrom('sessions').selectAll().where('user_id', '=', userId);
  if (options.activeAt !== undefined) {
    query = query.where('revoked_at', 'is', null).where('expires_at', '>', options.activeAt);
  }
  return query.orderBy('created_at', 'desc').orderBy('token_id', 'desc').execute();
}

export async function findSession(db: Db, tokenId: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_id', '=', tokenId).executeTakeFirst();
}

/**
 * A session with what requireAuth needs of its user, in one query. Every authenticated call runs
 * it, so its SQL is compiled once per database and each call only binds the token id.
 */
export async function findSessionWithUser(db: Db, tokenId: string) {
  let text = sessionWithUserSql.get(db);
  if (text === undefined) {
    text = sessionWithUserQuery(db, tokenId).compile().sql;
    sessionWithUserSql.set(db, text);
  }
  const { rows } = await db.executeQuery<SessionWithUser>(CompiledQuery.raw(text, [tokenId]));
  return rows[0];
}

const sessionWithUserSql = new WeakMap<Db, string>();
type SessionWithUser = InferResult<ReturnType<typeof sessionWithUserQuery>>[number];

function sessionWithUserQuery(db: Db, tokenId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_id',
      'sessions.user_id',
      'sessions.refresh_digest',
      'sessions.expires_at',
      'sessions.last_used_at',
      'sessions.revoked_at',
      'users.disabled',
      'users.security_stamp',
      'users.role',
      'users.locale',
    ])
    .where('sessions.token_id', '=', tokenId);
}

/**
 * Deletes every session of the user but the `keep` most recently used active ones: those beyond,
 * and the ended ones (expired or revoked), whose tokens answer 401 all the same once their row is
 * gone.
 */
export async function keepRecentSessions(
  db: Db,
  userId: string,
  now: number,
  keep: number,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_id', 'not in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('token_id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .orderBy('token_id', 'desc')
        .limit(keep),
    )
    .execute();
}

export async function touchSession(db: Db, tokenId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('token_id', '=', tokenId)
    .execute();
}

/**
 * Moves the session to a new refresh generation only if `previous` is still the current one
 * (compare-and-swap): false means the presented refresh token was already used. With
 * `graceFromNow` the replaced generation is kept as the one a refresh may present again for a
 * short grace (a refresh); without, none may (a new security stamp turned every token over).
 */
export async function rotateRefreshDigest(
  db: Db,
  tokenId: string,
  previous: string,
  next: string,
  now: number,
  { graceFromNow }: { graceFromNow: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({
      refresh_digest: next,
      previous_refresh_digest: graceFromNow ? previous : null,
      rotated_at: now,
      last_used_at: now,
    })
    .where('token_id', '=', tokenId)
    .where('refresh_digest', '=', previous)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The session's current refresh generation when `presented` is the generation its last refresh
 * replaced, at or after `rotatedSince`, and the session is still active at `now`; otherwise
 * undefined. Read after a failed compare-and-swap, so it sees the refresh that won.
 */
export async function findGraceGeneration(
  db: Db,
  tokenId: string,
  presented: string,
  rotatedSince: number,
  now: number,
): Promise<{ refreshDigest: string; expiresAt: number } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['refresh_digest', 'expires_at'])
    .where('token_id', '=', tokenId)
    .where('previous_refresh_digest', '=', presented)
    .where('rotated_at', '>=', rotatedSince)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { refreshDigest: row.refresh_digest, expiresAt: row.expires_at };
}

/** Revokes one active session of the user; false when there is none with that id. */
export async function revokeSession(
  db: Db,
  userId: string,
  tokenId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every session of the user; answers how many were active. */
export async function revokeAllSessions(db: Db, userId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every session of the user but `keepTokenId`; answers how many were active. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepTokenId: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_id', '!=', keepTokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
