import { accountRateLimits } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { countHit, deleteCountersBefore } from './rate-limits.repository';

/**
 * The per-account and per-address limits of the account's changes and of the calls that send
 * mail (decision 0017): fixed windows counted in the database, so that every instance on one
 * PostgreSQL shares them. The per-client-address limit of the sign-in and mail calls
 * (@fastify/rate-limit, the route table's `rateLimit`) still applies before these.
 */
export type AccountRateLimit = keyof typeof accountRateLimits;

const refusals: Record<AccountRateLimit, string> = {
  editsPerUser: 'You made many changes to your account in a short time',
  mailsPerUser: 'Many e-mails were asked for this account in a short time',
  mailsPerAddress: 'Many e-mails were asked for this address in a short time',
};

const longestWindowMs = Math.max(
  ...Object.values(accountRateLimits).map(({ windowSeconds }) => windowSeconds * 1000),
);
const pruneEveryMs = 10 * 60 * 1000;
const lastPruned = new WeakMap<Db, number>();

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `about ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one use of `limit` by `subject` (an account id, or an e-mail address's key) and refuses
 * it with 429 `rate_limited` and Retry-After once the window's allowance is spent. Call it before
 * any work that the answer could reveal, so a refusal says nothing about the address.
 */
export async function takeAllowance(
  deps: AppDeps,
  limit: AccountRateLimit,
  subject: string,
): Promise<void> {
  const { max, windowSeconds } = accountRateLimits[limit];
  const now = deps.now();
  const windowMs = windowSeconds * 1000;
  const { count, windowStart } = await countHit(
    deps.db,
    `${limit}:${subject}`,
    now,
    now - windowMs,
  );
  await pruneNow(deps.db, now);
  if (count <= max) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  throw new AppError(
    'rate_limited',
    `${refusals[limit]}: try again in ${waitText(retryAfter)}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/** Now and then, the counters whose windows are all over are deleted, so the table stays small. */
async function pruneNow(db: Db, now: number): Promise<void> {
  if (now - (lastPruned.get(db) ?? 0) < pruneEveryMs) return;
  lastPruned.set(db, now);
  await deleteCountersBefore(db, now - longestWindowMs);
}

/**
 * One more hit of `key` in its fixed window of `windowMs`, counted in the database (every
 * instance on one PostgreSQL shares it): the count so far and the milliseconds left. The store
 * of the per-address limits when the app runs on PostgreSQL (http/rate-limit.ts).
 */
export async function countSharedHit(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; msLeft: number }> {
  const { count, windowStart } = await countHit(db, key, now, now - windowMs);
  await pruneNow(db, now);
  return { count, msLeft: Math.max(0, windowStart + windowMs - now) };
}
