import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { usernameSkeleton } from './username-skeleton';

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<Omit<UsersTable, 'id'>>;

/** The case-insensitive key of a username (users.username_lower). */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFC').toLowerCase();
}

/** The case-insensitive key of an e-mail address (users.email_lower). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', emailKey(email))
    .executeTakeFirst();
}

/**
 * The accounts whose username is this one without case, or looks the same (the same confusable
 * skeleton): those a sign-up or a rename to it would collide with.
 */
export async function findUsernameHolders(db: Db, username: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('username_lower', '=', usernameKey(username)),
        eb('username_skeleton', '=', usernameSkeleton(username)),
      ]),
    )
    .execute();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', usernameKey(username))
    .executeTakeFirst();
}

/** A username (case-insensitive) or an e-mail: usernames cannot contain "@", so never both. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('username_lower', '=', usernameKey(login)),
        eb('email_lower', '=', emailKey(login)),
      ]),
    )
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** Updates the given columns; answers whether the user existed. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<boolean> {
  const result = await db.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the user's row lock until the transaction ends (a write of nothing: SQLite's transactions
 * hold the one write lock anyway; PostgreSQL's NO KEY UPDATE lock, which the foreign keys of rows
 * inserted for the user do not wait for). False when the user is gone.
 */
export async function lockUserRow(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the user; sessions, one-time tokens and feedback go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Which of these users are admins whose account is not disabled. */
export async function listAdminsAmong(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 1000))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .execute();
    found.push(...rows.map((row) => row.id));
  }
  return found;
}
