import {
  reflowBounds,
  type EditUserBody,
  type EditUserResponse,
  type LearningSettings,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { invalidInput } from '../../errors';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../security/passwords';
import { newSecurityStamp } from '../../security/tokens';
import type { AuthContext } from '../auth/authenticate';
import { renewSessionTokens } from '../auth/auth.service';
import { revokeOtherSessions } from '../auth/sessions.repository';
import { sendEmailInUseNotice, sendVerificationEmail } from '../verification/verification.service';
import {
  emailKey,
  findUserByEmail,
  findUserByUsername,
  isUniqueViolation,
  updateUser,
  usernameKey,
  type UserPatch,
} from './users.repository';
import { learningSettingNames, readSettings } from './learning-settings';
import { requireUser, usernameTaken } from './users.service';

/** The settings that result from applying the body's settings fields to the stored ones. */
function mergeSettings(current: LearningSettings, body: EditUserBody): LearningSettings {
  const next: Record<string, unknown> = { ...current };
  for (const name of learningSettingNames) {
    if (body[name] !== undefined) next[name] = body[name];
  }
  return next as LearningSettings;
}

/**
 * POST /api/user/edit: any subset of the editable fields, all or nothing in one transaction.
 *
 * Username, e-mail and password changes need the current password; a wrong one is a 400 naming
 * currentPassword (not a 401, which would sign the client out). An e-mail or password change
 * rotates the security stamp, ends every other session and answers a new pair for this one.
 *
 * An e-mail address that belongs to another account is not taken and not refused: the answer is
 * the same as for a real change (new tokens) and that address's owner gets a notice, so the call
 * cannot be used to find out who has an account. The address shown by /api/user/info stays the old one.
 */
export async function editUser(
  deps: AppDeps,
  auth: AuthContext,
  body: EditUserBody,
): Promise<EditUserResponse> {
  const changed = Object.entries(body).filter(
    ([name, value]) => name !== 'currentPassword' && value !== undefined,
  );
  if (changed.length === 0) throw invalidInput('body', 'Send at least one field to change');

  const user = await requireUser(deps.db, auth.userId);
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
  if (sensitive) {
    if (body.currentPassword === undefined) {
      throw invalidInput('currentPassword', 'Enter your current password to make this change');
    }
    if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
      throw invalidInput('currentPassword', 'The current password is not correct');
    }
  }
  // Hashing is slow on purpose: done before the write transaction, which it would hold open.
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);

  const now = deps.now();
  let verifyAddress: string | undefined;
  let noticeAddress: string | undefined;
  let username = user.username;

  const tokens = await deps.db
    .transaction()
    .execute(async (trx) => {
      const patch: UserPatch = { settings: JSON.stringify(settings), updated_at: now };
      let rotate = false;
      if (body.username !== undefined) {
        const owner = await findUserByUsername(trx, body.username);
        if (owner && owner.id !== user.id) throw usernameTaken();
        username = body.username;
        patch.username = body.username;
        patch.username_lower = usernameKey(body.username);
      }
      if (body.email !== undefined && emailKey(body.email) === user.email_lower) {
        patch.email = body.email; // the same address, only its case changed
      } else if (body.email !== undefined) {
        rotate = true;
        if (await findUserByEmail(trx, body.email)) {
          noticeAddress = body.email;
        } else {
          verifyAddress = body.email;
          patch.email = body.email;
          patch.email_lower = emailKey(body.email);
          patch.email_verified = 0;
        }
      }
      if (passwordHash !== undefined) {
        rotate = true;
        patch.password_hash = passwordHash;
      }
      if (rotate) patch.security_stamp = newSecurityStamp();
      await updateUser(trx, user.id, patch);
      if (!patch.security_stamp) return { access: null, refresh: null };
      await revokeOtherSessions(trx, user.id, auth.tokenId, now);
      return renewSessionTokens(deps, trx, auth, patch.security_stamp);
    })
    .catch((error: unknown) => {
      // Another account took the username between the check and the write.
      throw isUniqueViolation(error) && body.username !== undefined ? usernameTaken() : error;
    });

  if (verifyAddress !== undefined) {
    await sendVerificationEmail(deps, { id: user.id, username, email: verifyAddress });
  }
  if (noticeAddress !== undefined) await sendEmailInUseNotice(deps, noticeAddress);
  return tokens;
}
