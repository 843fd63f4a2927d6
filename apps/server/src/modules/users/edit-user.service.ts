import { reflowWindowProblem, type EditUserBody, type LearningSettings } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { invalidInput } from '../../errors';
import { assertAcceptablePassword, hashPassword } from '../../security/passwords';
import { newSecurityStamp } from '../../security/tokens';
import { learningSettingNames, readSettings } from './learning-settings';
import { emailKey, updateUser, usernameKey, type UserPatch } from './users.repository';
import { usernameSkeleton } from './username-skeleton';
import {
  requireCurrentPassword,
  requireUser,
  usernameHeldByOther,
  usernameTaken,
} from './users.service';

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
  /** The stored username and e-mail, read with the check. */
  username: string;
  email: string;
  /** A new address asked for (not the stored one with another case): it waits for its link. */
  emailChangeTo: string | undefined;
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
  const reflowProblem = reflowWindowProblem(settings);
  if (reflowProblem !== null) throw invalidInput('reflowValue', reflowProblem);
  const emailChangeTo =
    body.email !== undefined && emailKey(body.email) !== user.email_lower ? body.email : undefined;
  if (body.password !== undefined) {
    // Neither the names the account has nor those the same edit gives it.
    assertAcceptablePassword(body.password, {
      username: body.username ?? user.username,
      email: user.email,
    });
    assertAcceptablePassword(body.password, {
      username: user.username,
      email: emailChangeTo ?? user.email,
    });
  }

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
    email: user.email,
    emailChangeTo,
  };
}

/** A change of address asked for by an edit: it takes effect when the new address confirms it. */
export interface EmailChangeRequest {
  userId: string;
  /** The account's username after the edit. */
  username: string;
  /** The address the account keeps until the change is confirmed. */
  currentEmail: string;
  newEmail: string;
}

interface UserEditOutcome {
  /** The new security stamp when the password changed: other sessions must end. */
  securityStamp: string | undefined;
  /** A new address asked for: the caller issues its link (nothing of the account changed yet). */
  emailChange: EmailChangeRequest | undefined;
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
  if (body.username !== undefined) {
    if (await usernameHeldByOther(trx, body.username, edit.userId)) throw usernameTaken();
    username = body.username;
    patch.username = body.username;
    patch.username_lower = usernameKey(body.username);
    patch.username_skeleton = usernameSkeleton(body.username);
  }
  // The same address with another case is kept as typed; another address waits for its link.
  if (body.email !== undefined && edit.emailChangeTo === undefined) patch.email = body.email;
  if (body.locale !== undefined) patch.locale = body.locale;
  if (edit.passwordHash !== undefined) {
    patch.password_hash = edit.passwordHash;
    patch.security_stamp = newSecurityStamp();
  }
  try {
    await updateUser(trx, edit.userId, patch);
  } catch (error) {
    // Another account took the username between the check and the write.
    throw isUniqueViolation(error) && body.username !== undefined ? usernameTaken() : error;
  }
  return {
    securityStamp: patch.security_stamp,
    emailChange:
      edit.emailChangeTo === undefined
        ? undefined
        : {
            userId: edit.userId,
            username,
            currentEmail: edit.email,
            newEmail: edit.emailChangeTo,
          },
  };
}
