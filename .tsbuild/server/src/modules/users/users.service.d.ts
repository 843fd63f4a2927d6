import { type AccountStatus, type CreateUserBody, type UserInfo } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { type UserRow } from './users.repository';
/** A user row as the contract's UserInfo: exactly the seed's fields. */
export declare function toUserInfo(row: UserRow): UserInfo;
/** A new security stamp: every access token issued before it fails from now on. */
export declare function rotateSecurityStamp(db: Db, userId: string, now?: number): Promise<string>;
export declare const usernameTaken: () => AppError;
/** The user behind a valid access token; gone means the token is no longer good. */
export declare function requireUser(db: Db, userId: string): Promise<UserRow>;
/**
 * POST /api/user/create. A taken username is a 409 (usernames are public); an e-mail that already
 * has an account answers the same 201 as a success, creates nothing and tells the address's owner,
 * so sign-up cannot reveal who has an account. The password is hashed in every case for timing.
 */
export declare function createUser(deps: AppDeps, body: CreateUserBody): Promise<void>;
/** GET /api/user/info */
/** GET /api/user/info: the row the bearer check read with the session. */
export declare function getUserInfo(user: UserRow): UserInfo;
/** GET /api/user/account: premium when billing is off or the account is freeloaded. */
export declare function getAccountStatus(deps: AppDeps, userId: string): Promise<AccountStatus>;
