import { randomBytes } from 'node:crypto';
import { findUserByUsername, updateUser } from '../src/modules/users/users.repository';
import type { TestApp } from './app';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  /** Tokens of one sign-in session (empty strings when the user was created disabled). */
  access: string;
  refresh: string;
}

export interface UserOverrides {
  username?: string;
  email?: string;
  password?: string;
  defaultFromLanguageCode?: string;
  toLanguageCode?: string;
  /** E-mail verified (false by default, as after a real sign-up). */
  verified?: boolean;
  role?: 'user' | 'admin';
  isFreeloaded?: boolean;
  /** Disabled after signing in, so its tokens exist but no longer work. */
  disabled?: boolean;
}

let counter = 0;

/** A name nobody else in any test uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${randomBytes(4).toString('hex')}`;
}

/** Signs in through the API and answers the token pair; fails the test when it cannot. */
export async function signIn(
  t: TestApp,
  login: string,
  password: string,
): Promise<{ access: string; refresh: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
  });
  if (res.status !== 200) {
    throw new Error(`sign-in of ${login} failed: ${res.status} ${JSON.stringify(res.payload)}`);
  }
  return { access: String(res.payload['access']), refresh: String(res.payload['refresh']) };
}

/** Signs a user up through the API (so the real rules apply), then adjusts it and signs in. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueName();
  const email = overrides.email ?? `${username.toLowerCase()}@example.com`;
  const password = overrides.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const res = await t.call({
    method: 'POST',
    url: '/api/user/create',
    payload: {
      username,
      email,
      password,
      ...(overrides.defaultFromLanguageCode
        ? { defaultFromLanguageCode: overrides.defaultFromLanguageCode }
        : {}),
      ...(overrides.toLanguageCode ? { toLanguageCode: overrides.toLanguageCode } : {}),
    },
  });
  if (res.status !== 201) {
    throw new Error(`sign-up of ${username} failed: ${res.status} ${JSON.stringify(res.payload)}`);
  }
  const { db } = t.app.deps;
  const row = await findUserByUsername(db, username);
  if (!row) throw new Error(`sign-up of ${username} created no user (e-mail already in use?)`);
  await updateUser(db, row.id, {
    email_verified: overrides.verified ? 1 : 0,
    role: overrides.role ?? 'user',
    is_freeloaded: overrides.isFreeloaded ? 1 : 0,
  });
  const tokens = await signIn(t, username, password);
  if (overrides.disabled) await updateUser(db, row.id, { disabled: 1 });
  return { id: row.id, username, email, password, ...tokens };
}
