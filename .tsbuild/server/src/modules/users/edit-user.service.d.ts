import { type EditUserBody, type EditUserResponse } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../auth/authenticate';
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
export declare function editUser(deps: AppDeps, auth: AuthContext, body: EditUserBody): Promise<EditUserResponse>;
