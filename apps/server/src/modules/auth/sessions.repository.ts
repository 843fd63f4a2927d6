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
    ])
    .where('sessions.token_id', '=', tokenId);
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
 * (compare-and-swap): false means the presented refresh token was already used.
 */
export async function rotateRefreshDigest(
  db: Db,
  tokenId: string,
  previous: string,
  next: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ refresh_digest: next, last_used_at: now })
    .where('token_id', '=', tokenId)
    .where('refresh_digest', '=', previous)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
