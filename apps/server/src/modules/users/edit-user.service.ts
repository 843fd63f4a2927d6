import { reflowBounds, type EditUserBody, type LearningSettings } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { invalidInput } from '../../errors';
import { assertAcceptablePassword, hashPassword } from '../../security/passwords';
import { newSecurityStamp } from '../../security/tokens';
import { learningSettingNames, readSettings } from './learning-settings';
import {
  emailKey,
  findUserByEmail,
  findUserByUsername,
  updateUser,
  usernameKey,
  type UserPatch,
} from './users.repository';
import { requireCurrentPassword, requireUser, usernameTaken, type NewUser } from './users.service';

/**
 * POST /api/user/edit changes any subset of the editable fields, all or nothing: checked first
 * (checkUserEdit), then written on the caller's transaction (applyUserEdit), where the caller also
 * ends the other sessions when the security stamp turned over.
 */

/** The settings that result from applying the body's settings fields to the stored ones. */
function mergeSettings(current: LearningSettings, body: EditUserBody): LearningSettings {
  const next: Record<string, unknown> = { ...current };
  for (const name of learningSettingNames) {
    if (body[name] !== undefined) next[name] = body[name];
  }
  return next as LearningSettings;
}

/** An edit checked against the stored user, ready to be written. */
interface CheckedUserEdit {
  userId: string;
  body: EditUserBody;
  settings: LearningSettings;
  /** The new password's hash, when the body changes it. */
  passwordHash: string | undefined;
  /** The stored username and e-mail key, read with the check. */
  username: string;
  emailKey: string;
}

/**
 * Checks an edit before its transaction: at least one field, settings in bounds, an acceptable new
 * password, and the current password for username, e-mail and password changes.
 */
export async function checkUserEdit(
  deps: AppDeps,
  userId: string,
  body: EditUserBody,
): Promise<CheckedUserEdit> {
  const changed = Object.entries(body).filter(
    ([name, value]) => name !== 'currentPassword' && value !== undefined,
  );
  if (changed.length === 0) throw invalidInput('body', 'Send at least one field to change');

  const user = await requireUser(deps.db, userId);
  const settings = mergeSettings(readSettings(user.settings), body);
  if (!settings.isReflowAbsolute && settings.reflowValue > reflowBounds.relative.max) {
    throw invalidInput(
      'reflowValue',
      `reflowValue must be at most ${reflowBounds.relative.max} when the reflow is relative`,
    );
  }
  if (body.password !== undefined) assertAcceptablePassword(body.password, 'password');

  const sensitive =
    body.username !== undefined || body.email !== undefined || body.password !== undefined;
  if (sensitive) await requireCurrentPassword(user, body.currentPassword);
  // Hashing is slow on purpose: done before the write transaction, which it would hold open.
  const passwordHash =
    body.password === undefined ? undefined : await hashPassword(body.password, deps.passwordCost);
  return {
    userId: user.id,
    body,
    settings,
    passwordHash,
    username: user.username,
    emailKey: user.email_lower,
  };
}

interface UserEditOutcome {
  /** The new security stamp when the e-mail or the password changed: other sessions must end. */
  securityStamp: string | undefined;
  /** A new address, unverified until the link mailed to it is followed. */
  verify: NewUser | undefined;
  /**
   * An address that belongs to another account: not taken and not refused (the answer is the same
   * as for a real change), so the call cannot find out who has an account; its owner is told.
   */
  emailInUse: string | undefined;
}

/** Writes a checked edit on the caller's transaction. */
export async function applyUserEdit(
  trx: Db,
  edit: CheckedUserEdit,
  now: number,
): Promise<UserEditOutcome> {
  const { body } = edit;
  const patch: UserPatch = { settings: JSON.stringify(edit.settings), updated_at: now };
  let username = edit.username;
  let verifyAddress: string | undefined;
  let emailInUse: string | undefined;
  let rotate = false;
  if (body.username !== undefined) {
    const owner = await findUserByUsername(trx, body.username);
    if (owner && owner.id !== edit.userId) throw usernameTaken();
    username = body.username;
    patch.username = body.username;
    patch.username_lower = usernameKey(body.username);
  }
  if (body.email !== undefined && emailKey(body.email) === edit.emailKey) {
    patch.email = body.email; // the same address, only its case changed
  } else if (body.email !== undefined) {
    rotate = true;
    if (await findUserByEmail(trx, body.email)) {
      emailInUse = body.email;
    } else {
      verifyAddress = body.email;
      patch.email = body.email;
      patch.email_lower = emailKey(body.email);
      patch.email_verified = 0;
    }
  }
  if (edit.passwordHash !== undefined) {
    rotate = true;
    patch.password_hash = edit.passwordHash;
  }
  if (rotate) patch.security_stamp = newSecurityStamp();
  try {
    await updateUser(trx, edit.userId, patch);
  } catch (error) {
    // Another account took the username between the check and the write.
    throw isUniqueViolation(error) && body.username !== undefined ? usernameTaken() : error;
  }
  return {
    securityStamp: patch.security_stamp,
    verify:
      verifyAddress === undefined ? undefined : { id: edit.userId, username, email: verifyAddress },
    emailInUse,
  };
}
