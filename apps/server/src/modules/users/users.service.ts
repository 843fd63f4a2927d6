import { randomUUID } from 'node:crypto';
import type {
  AccountExport,
  AccountStatus,
  CreateUserBody,
  LearningSettings,
  UserInfo,
} from '@glossa/contract';
import {
  defaultInterfaceLocale,
  isInterfaceLocale,
  type InterfaceLocale,
} from '@glossa/contract/locales';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import {
  assertAcceptablePassword,
  hashPassword,
  verifyDummyPassword,
  verifyPassword,
} from '../../security/passwords';
import { newSecurityStamp } from '../../security/tokens';
import { defaultLearningSettings, readSettings } from './learning-settings';
import {
  deleteUser as deleteUserRow,
  emailKey,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByUsername,
  findUsernameHolders,
  insertUser,
  lockLearnerCombo,
  lockUserRow,
  listAdminsAmong,
  countActiveAdmins as countActiveAdminRows,
  lockActiveAdmins as lockActiveAdminRows,
  listUsersForAdmins,
  updateUser,
  type AdminUserListKey,
  type AdminUserRow,
  usernameKey,
  type UserRow,
} from './users.repository';
import { usernameSkeleton } from './username-skeleton';

/** A user as the other modules see one: who they are and their account's state, never the row. */
interface UserSummary {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'admin';
  disabled: boolean;
}

const toSummary = (row: UserRow): UserSummary => ({
  id: row.id,
  username: row.username,
  email: row.email,
  emailVerified: row.email_verified === 1,
  role: row.role,
  disabled: row.disabled !== 0,
});

/** The interface language of a user (decision 0037): the stored one, English if it is unknown. */
export async function userLocale(db: Db, userId: string): Promise<InterfaceLocale> {
  const row = await findUserById(db, userId);
  return row && isInterfaceLocale(row.locale) ? row.locale : defaultInterfaceLocale;
}

/** A user row as the contract's UserInfo: exactly the seed's fields. */
function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    isFreeloaded: row.is_freeloaded === 1,
    username: row.username,
    email: row.email,
    ...readSettings(row.settings),
    locale: row.locale,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The user with this id, e-mail or username (both case-insensitive), if there is one. */
export async function findUser(
  db: Db,
  key: { id: string } | { email: string } | { username: string },
): Promise<UserSummary | undefined> {
  const row =
    'id' in key
      ? await findUserById(db, key.id)
      : 'email' in key
        ? await findUserByEmail(db, key.email)
        : await findUserByUsername(db, key.username);
  return row && toSummary(row);
}

/**
 * Serialises, per owner, the transactions that count what the owner has against a limit
 * (docs/limits.md) and then add to it: the owner's row lock, held until the transaction ends, so
 * a concurrent one counts after this one committed (PostgreSQL's read committed would otherwise
 * let both count the same rows). 404 when the owner is gone.
 */
export async function lockOwner(db: Db, ownerId: string): Promise<void> {
  if (!(await lockUserRow(db, ownerId))) throw notFound('This account is gone');
}

/** Which of these users are admins now (live events for admins are checked when delivered). */
export async function adminsAmong(db: Db, ids: string[]): Promise<string[]> {
  return ids.length === 0 ? [] : listAdminsAmong(db, ids);
}

/** Whether two e-mail addresses are the same account's (compared case-insensitively). */
export const sameEmailAddress = (a: string, b: string) => emailKey(a) === emailKey(b);

/** The form of an address that identifies it (what the per-address limits count). */
export const emailAddressKey = emailKey;

/**
 * The user whose login (username or e-mail) and password these are; undefined for an unknown
 * login or a wrong password. An unknown login still verifies a password (against a dummy hash),
 * so it takes as long as a wrong password.
 */
export async function verifyCredentials(
  db: Db,
  login: string,
  password: string,
): Promise<{ id: string; disabled: boolean; securityStamp: string } | undefined> {
  const user = await findUserByLogin(db, login);
  const valid = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyDummyPassword(password);
  if (!user || !valid) return undefined;
  return { id: user.id, disabled: user.disabled !== 0, securityStamp: user.security_stamp };
}

/** A new security stamp: every access token issued before it fails from now on. */
export async function rotateSecurityStamp(db: Db, userId: string, now: number): Promise<string> {
  const securityStamp = newSecurityStamp();
  await updateUser(db, userId, { security_stamp: securityStamp, updated_at: now });
  return securityStamp;
}

const emailTaken = () =>
  conflict('email', 'This address now belongs to another account: ask for another change.');

/**
 * A new address confirmed by the link mailed to it, on the caller's transaction: it replaces the
 * old one, counts as verified (the link proved its inbox), and the security stamp turns over, so
 * every access token ends and each session goes on with a refresh. A 409 naming `email` when
 * another account took the address since the change was asked for.
 */
export async function confirmEmailChange(
  db: Db,
  userId: string,
  email: string,
  now: number,
): Promise<void> {
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== userId) throw emailTaken();
  try {
    await updateUser(db, userId, {
      email,
      email_lower: emailKey(email),
      email_verified: 1,
      security_stamp: newSecurityStamp(),
      updated_at: now,
    });
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** The link sent to the address proved its inbox. */
export async function markEmailVerified(db: Db, userId: string, now: number): Promise<void> {
  await updateUser(db, userId, { email_verified: 1, updated_at: now });
}

/**
 * A new password given through a reset link: a new security stamp (every access token dies), and
 * the address counts as verified, since the link proved its inbox.
 */
export async function resetUserPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await updateUser(db, userId, {
    password_hash: passwordHash,
    security_stamp: newSecurityStamp(),
    email_verified: 1,
    updated_at: now,
  });
}

export async function setUserRole(
  db: Db,
  userId: string,
  role: UserSummary['role'],
  now: number,
): Promise<void> {
  await updateUser(db, userId, { role, updated_at: now });
}

export const usernameTaken = () =>
  conflict('username', 'This username is taken, or looks just like one that is: choose another');

/** Whether another account than `userId` has this username or one that looks the same. */
export async function usernameHeldByOther(
  db: Db,
  username: string,
  userId?: string,
): Promise<boolean> {
  return (await findUsernameHolders(db, username)).some((holder) => holder.id !== userId);
}

/** The user behind a valid access token; gone means the token is no longer good. */
export async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  return user;
}

/**
 * Username, e-mail and password changes and the account's deletion need the current password; a
 * wrong one is a 400 naming currentPassword (not a 401, which would sign the client out).
 */
export async function requireCurrentPassword(
  user: UserRow,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword === undefined) {
    throw invalidInput('currentPassword', 'Enter your current password to make this change');
  }
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw invalidInput('currentPassword', 'The current password is not correct');
  }
}

/** The learner's settings, for the features that follow them. */
export async function getLearningSettings(db: Db, userId: string): Promise<LearningSettings> {
  return readSettings((await requireUser(db, userId)).settings);
}

/** Whom a new account's mail goes to. */
export interface NewUser {
  id: string;
  username: string;
  email: string;
}

/**
 * The user of a sign-up, or 'email_in_use' when the e-mail already has an account: then nothing
 * is created (the caller tells the address's owner). A taken username is a 409 (usernames are
 * public). The password is hashed in every case for timing. `withUser` writes, in the same
 * transaction, the rows other modules keep for every user.
 */
export async function createUser(
  deps: AppDeps,
  body: CreateUserBody,
  withUser: (trx: Db, userId: string) => Promise<void> = async () => {},
  locale: InterfaceLocale = defaultInterfaceLocale,
): Promise<NewUser | 'email_in_use'> {
  assertAcceptablePassword(body.password, body);
  const passwordHash = await hashPassword(body.password, deps.passwordCost);
  const now = deps.now();
  const user = { id: randomUUID(), username: body.username, email: body.email };
  const insert = async (): Promise<'created' | 'email_in_use'> =>
    deps.db.transaction().execute(async (trx) => {
      if (await usernameHeldByOther(trx, body.username)) throw usernameTaken();
      if (await findUserByEmail(trx, body.email)) return 'email_in_use';
      await insertUser(trx, {
        id: user.id,
        username: body.username,
        username_lower: usernameKey(body.username),
        username_skeleton: usernameSkeleton(body.username),
        email: body.email,
        email_lower: emailKey(body.email),
        email_verified: 0,
        password_hash: passwordHash,
        role: 'user',
        is_freeloaded: 0,
        disabled: 0,
        security_stamp: newSecurityStamp(),
        settings: JSON.stringify({
          ...defaultLearningSettings,
          defaultFromLanguageCode:
            body.defaultFromLanguageCode ?? defaultLearningSettings.defaultFromLanguageCode,
          toLanguageCode: body.toLanguageCode ?? defaultLearningSettings.toLanguageCode,
        }),
        locale,
        created_at: now,
        updated_at: now,
      });
      await withUser(trx, user.id);
      return 'created';
    });
  const outcome = await insert().catch(async (error: unknown) => {
    // A concurrent sign-up won the race for the username or the address: answer as if checked.
    if (!isUniqueViolation(error)) throw error;
    if (await usernameHeldByOther(deps.db, body.username)) throw usernameTaken();
    return 'email_in_use' as const;
  });
  return outcome === 'created' ? user : outcome;
}

/** GET /api/user/info */
export async function getUserInfo(deps: AppDeps, userId: string): Promise<UserInfo> {
  return toUserInfo(await requireUser(deps.db, userId));
}

/**
 * The account facts of GET /api/user/account that the user row holds: premium when billing is off
 * or the account is freeloaded.
 */
export async function getAccountStatus(
  deps: AppDeps,
  userId: string,
): Promise<Omit<AccountStatus, 'pendingEmail'>> {
  const user = await requireUser(deps.db, userId);
  return {
    emailVerified: user.email_verified === 1,
    role: user.role,
    plan: !deps.config.billing || user.is_freeloaded === 1 ? 'premium' : 'free',
    createdAt: iso(user.created_at),
  };
}

/** The learner's account facts (for the account export). */
export async function exportUser(deps: AppDeps, userId: string): Promise<AccountExport['user']> {
  const user = await requireUser(deps.db, userId);
  return {
    ...toUserInfo(user),
    emailVerified: user.email_verified === 1,
    role: user.role,
    createdAt: iso(user.created_at),
  };
}

/**
 * POST /api/user/delete: the password proves it is the learner; `removeBulk` then removes the bulk
 * of what they own in steps (account.service.ts), and the cascades remove the rest (sessions,
 * tokens, feedback, cards, categories and their memberships, memberships of theirs, study
 * progress, review log and combo).
 */
export async function deleteUser(
  deps: AppDeps,
  userId: string,
  currentPassword: string,
  removeBulk: () => Promise<void> = async () => undefined,
  removeWithRow: (trx: Db) => Promise<void> = async () => undefined,
): Promise<void> {
  const user = await requireUser(deps.db, userId);
  await requireCurrentPassword(user, currentPassword);
  await removeUser(deps, user.id, removeBulk, removeWithRow);
}

/**
 * Removes an account without its password (an admin's deletion, or deleteUser once it checked
 * it): `removeBulk` first, then the row under its lock with `removeWithRow` on that transaction.
 * False when the account was gone already.
 */
export async function removeUser(
  deps: AppDeps,
  userId: string,
  removeBulk: () => Promise<void> = async () => undefined,
  removeWithRow: (trx: Db) => Promise<void> = async () => undefined,
): Promise<boolean> {
  const user = { id: userId };
  await removeBulk();
  return deps.db.transaction().execute(async (trx) => {
    // Under the row's lock (lockOwner's): a write that counts for the learner, sent meanwhile,
    // waits and then finds the account gone. Gone already (deleted twice at once): nothing to do.
    if (!(await lockUserRow(trx, user.id))) return false;
    await lockLearnerCombo(trx, user.id);
    await removeWithRow(trx);
    await deleteUserRow(trx, user.id);
    return true;
  });
}

export type { AdminUserListKey, AdminUserRow };

/** A page of users for the admins (users.repository's listUsersForAdmins). */
export async function listAdminUserRows(
  deps: AppDeps,
  key: AdminUserListKey,
): Promise<AdminUserRow[]> {
  return listUsersForAdmins(deps.db, deps.dbKind === 'postgres', key);
}

/** The user's row for an admin action, read on the caller's transaction; 404 when gone. */
export async function adminTarget(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('This user does not exist');
  return user;
}

/** The flags an admin sets, written on the caller's transaction. */
export async function setUserFlags(
  db: Db,
  userId: string,
  patch: { role?: 'user' | 'admin'; is_freeloaded?: number; disabled?: number },
  now: number,
): Promise<void> {
  await updateUser(db, userId, { ...patch, updated_at: now });
}

/** How many admins' accounts are not disabled. */
export async function countActiveAdmins(db: Db): Promise<number> {
  return countActiveAdminRows(db);
}

/** Locks the active admins' rows, on the caller's transaction, and answers how many there are. */
export async function lockActiveAdmins(db: Db): Promise<number> {
  return lockActiveAdminRows(db);
}

export type { UserRow };
