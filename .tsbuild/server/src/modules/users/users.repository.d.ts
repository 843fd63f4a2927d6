import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UsersTable } from '../../db/schema';
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<Omit<UsersTable, 'id'>>;
/** The case-insensitive key of a username (users.username_lower). */
export declare function usernameKey(username: string): string;
/** The case-insensitive key of an e-mail address (users.email_lower). */
export declare function emailKey(email: string): string;
export declare function findUserById(db: Db, id: string): Promise<UserRow | undefined>;
export declare function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined>;
export declare function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined>;
/** A username (case-insensitive) or an e-mail: usernames cannot contain "@", so never both. */
export declare function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined>;
export declare function insertUser(db: Db, row: NewUserRow): Promise<void>;
/** Updates the given columns; answers whether the user existed. */
export declare function updateUser(db: Db, id: string, patch: UserPatch): Promise<boolean>;
/** Deletes the user; sessions, one-time tokens and feedback go with it (ON DELETE CASCADE). */
export declare function deleteUser(db: Db, id: string): Promise<boolean>;
/** A UNIQUE constraint refused the write (SQLite or PostgreSQL). */
export declare function isUniqueViolation(error: unknown): boolean;
