import { accountRateLimits } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
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
/** How often each instance deletes the counters whose windows are all over. */
const pruneEveryMs = 10 * 60 * 1000;

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
  if (count <= max) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  throw new AppError(
    'rate_limited',
    `${refusals[limit]}: try again in ${waitText(retryAfter)}.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Deletes, every ten minutes on this instance's clock, the counters whose windows are all over,
 * so the table stays small; in batches, off the requests that count (decision 0017).
 */
export function scheduleRateCounterPruning(deps: AppDeps): void {
  deps.background.every(
    pruneEveryMs,
    () => pruneRateCounters(deps),
    'could not delete old rate counters',
  );
}

/** Deletes the counters whose windows are all over by now, a batch at a time. */
export async function pruneRateCounters(deps: AppDeps): Promise<void> {
  const before = deps.now() - longestWindowMs;
  await deleteInBatches((limit) => deleteCountersBefore(deps.db, before, limit));
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
  return { count, msLeft: Math.max(0, windowStart + windowMs - now) };
}
