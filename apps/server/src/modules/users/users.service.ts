import { randomUUID } from 'node:crypto';
import { type AccountStatus, type CreateUserBody, type UserInfo } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError, conflict } from '../../errors';
import { assertAcceptablePassword, hashPassword } from '../../security/passwords';
import { newSecurityStamp } from '../../security/tokens';
import { sendEmailInUseNotice, sendVerificationEmail } from '../verification/verification.service';
import { defaultLearningSettings, readSettings } from './learning-settings';
import {
  emailKey,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  updateUser,
  usernameKey,
  type UserRow,
} from './users.repository';

/** A user row as the contract's UserInfo: exactly the seed's fields. */
export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    isFreeloaded: row.is_freeloaded === 1,
    username: row.username,
    email: row.email,
    ...readSettings(row.settings),
  };
}

/** A new security stamp: every access token issued before it fails from now on. */
export async function rotateSecurityStamp(
  db: Db,
  userId: string,
  now: number = Date.now(),
): Promise<string> {
  const securityStamp = newSecurityStamp();
  await updateUser(db, userId, { security_stamp: securityStamp, updated_at: now });
  return securityStamp;
}

export const usernameTaken = () => conflict('username', 'This username is already taken');

/** The user behind a valid access token; gone means the token is no longer good. */
export async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Sign in to continue');
  return user;
}

/**
 * POST /api/user/create. A taken username is a 409 (usernames are public); an e-mail that already
 * has an account answers the same 201 as a success, creates nothing and tells the address's owner,
 * so sign-up cannot reveal who has an account. The password is hashed in every case for timing.
 */
export async function createUser(deps: AppDeps, body: CreateUserBody): Promise<void> {
  assertAcceptablePassword(body.password, 'password');
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const user = { id: randomUUID(), username: body.username, email: body.email };
  const insert = async (): Promise<'created' | 'email_in_use'> =>
    deps.db.transaction().execute(async (trx) => {
      if (await findUserByUsername(trx, body.username)) throw usernameTaken();
      if (await findUserByEmail(trx, body.email)) return 'email_in_use';
      await insertUser(trx, {
        id: user.id,
        username: body.username,
        username_lower: usernameKey(body.username),
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
        created_at: now,
        updated_at: now,
      });
      return 'created';
    });
  const outcome = await insert().catch(async (error: unknown) => {
    // A concurrent sign-up won the race for the username or the address: answer as if checked.
    if (!isUniqueViolation(error)) throw error;
    if (await findUserByUsername(deps.db, body.username)) throw usernameTaken();
    return 'email_in_use' as const;
  });
  if (outcome === 'email_in_use') await sendEmailInUseNotice(deps, body.email);
  else await sendVerificationEmail(deps, user);
}

/** GET /api/user/info */
export async function getUserInfo(deps: AppDeps, userId: string): Promise<UserInfo> {
  return toUserInfo(await requireUser(deps.db, userId));
}

/** GET /api/user/account: premium when billing is off or the account is freeloaded. */
export async function getAccountStatus(deps: AppDeps, userId: string): Promise<AccountStatus> {
  const user = await requireUser(deps.db, userId);
  return {
    emailVerified: user.email_verified === 1,
    role: user.role,
    plan: !deps.config.billing || user.is_freeloaded === 1 ? 'premium' : 'free',
    createdAt: new Date(user.created_at).toISOString(),
  };
}
