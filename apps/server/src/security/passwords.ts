import fs from 'node:fs';
import { passwordWeakness, type PasswordIdentity } from '@glossa/contract';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { invalidInput } from '../errors';

/** The cost of an argon2id hash: memory in KiB and passes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** The OWASP parameters (m = 19 MiB, t = 2, with p = 1): what the app hashes with. */
export const owaspPasswordCost: PasswordHashCost = { memoryCost: 19456, timeCost: 2 };

/** argon2id; `cost` is lowered only by tests that ask for it (BuildOptions.passwordCost). */
export async function hashPassword(
  password: string,
  cost: PasswordHashCost = owaspPasswordCost,
): Promise<string> {
  const options: Options = {
    // Algorithm is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
    algorithm: 2 as Algorithm,
    ...cost,
    parallelism: 1,
  };
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies the password against a throw-away hash made with the same parameters, so a sign-in
 * with an unknown login costs as much as one with a known login (no account enumeration by time).
 * Always at the OWASP cost, so a test app that hashes for less still pays it here.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('glossa dummy password never matches');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const text = fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

/** True when the password is among the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}

/**
 * Throws invalid_input naming the field when a new password breaks the contract's rule (spaces
 * only, built from the account's username or e-mail) or is among the most common ones.
 */
export function assertAcceptablePassword(
  password: string,
  identity: PasswordIdentity,
  field = 'password',
): void {
  const weakness = passwordWeakness(password, identity);
  if (weakness !== undefined) throw invalidInput(field, weakness);
  if (isCommonPassword(password)) {
    throw invalidInput(
      field,
      'This password is among the most common ones and easy to guess: choose another',
    );
  }
}
