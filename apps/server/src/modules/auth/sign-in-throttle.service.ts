import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
import { AppError } from '../../errors';
import { clientAddressKey } from '../../http/client-address';
import {
  countAttempt,
  deleteFailures,
  deleteFailuresOfLogins,
  deleteForgottenFailures,
  lockedUntil,
  type BackOffSteps,
} from './sign-in-failures.repository';

/**
 * The back-off of failed sign-ins, per login and client address (decision 0018): the first
 * failures in a row cost nothing, then each one doubles the wait before the next attempt is
 * checked, up to a cap. A success from that address, or a password reset, forgets them; so do
 * 24 hours without a failure.
 */
export const signInBackOff = {
  freeFailures: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

/** The waits as `[failures, ms]`, the largest count first: 5 → 30 s, 6 → 1 min … 10 → 15 min. */
const steps: BackOffSteps = (() => {
  const list: [number, number][] = [];
  const { freeFailures, firstWaitMs, maxWaitMs } = signInBackOff;
  for (let n = freeFailures, wait = firstWaitMs; ; n += 1, wait *= 2) {
    list.push([n, Math.min(wait, maxWaitMs)]);
    if (wait >= maxWaitMs) break;
  }
  return list.reverse();
})();

/** How often one instance deletes the rows nothing reads any more. */
const pruneEveryMs = 10 * 60_000;

/** Usernames and e-mail addresses are matched without case (users.repository): so is the count. */
const loginForm = (login: string) => login.trim().normalize('NFC').toLowerCase();

const keyed = (deps: AppDeps, kind: string, value: string) =>
  createHmac('sha256', deps.keys.general)
    .update(`sign-in ${kind}\u0000${value}`)
    .digest('base64url');

const loginKey = (deps: AppDeps, login: string) => keyed(deps, 'login', loginForm(login));

export interface SignInAttempt {
  /** The password was right: this address's failures for this login are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Starts a sign-in attempt: counts it as a failure until it succeeds, or refuses it with 429
 * `rate_limited` and Retry-After while the login must wait from this address. Whether the login
 * exists plays no part, so the answer and its time say nothing about it; an attacker elsewhere
 * never makes the owner wait at their own address.
 */
export async function beginSignInAttempt(
  deps: AppDeps,
  login: string,
  address: string,
): Promise<SignInAttempt> {
  const keys = {
    login_key: loginKey(deps, login),
    address_key: keyed(deps, 'address', clientAddressKey(address)),
  };
  const now = deps.now();
  const counted = await countAttempt(deps.db, {
    ...keys,
    now,
    forgetBefore: now - signInBackOff.forgetAfterMs,
    steps,
  });
  if (!counted) {
    const until = await lockedUntil(deps.db, keys.login_key, keys.address_key);
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many failed sign-ins: try again in ${seconds} seconds, or reset your password`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  return { succeeded: () => deleteFailures(deps.db, keys.login_key, keys.address_key) };
}

/** A password reset: the failed sign-ins with each of these logins, from every address, end. */
export async function forgetFailedSignIns(deps: AppDeps, db: Db, logins: string[]): Promise<void> {
  await deleteFailuresOfLogins(
    db,
    logins.map((login) => loginKey(deps, login)),
  );
}

/**
 * Deletes, every ten minutes on this instance's clock, the rows of failures a day old, which
 * nothing reads any more; in batches, off the sign-ins (decision 0018).
 */
export function scheduleSignInFailurePruning(deps: AppDeps): void {
  deps.background.every(
    pruneEveryMs,
    () => pruneForgottenSignInFailures(deps),
    'could not delete forgotten failed sign-ins',
  );
}

/** Deletes the rows whose last failure is older than the back-off forgets, a batch at a time. */
export async function pruneForgottenSignInFailures(deps: AppDeps): Promise<void> {
  const before = deps.now() - signInBackOff.forgetAfterMs;
  await deleteInBatches((limit) => deleteForgottenFailures(deps.db, before, limit));
}
