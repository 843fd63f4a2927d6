import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

/** The wait after the nth failure in a row: `[n, ms]` from the largest n down; none below. */
export type BackOffSteps = readonly (readonly [number, number])[];

export interface AttemptCount {
  login_key: string;
  address_key: string;
  now: number;
  /** A row whose last failure is this old or older starts again from one. */
  forgetBefore: number;
  steps: BackOffSteps;
}

/** `CASE` over a count of failures: the wait it earns, in milliseconds. */
function waitAfter(failures: RawBuilder<number>, steps: BackOffSteps): RawBuilder<number> {
  const cases = steps.map(([n, ms]) => sql`when ${failures} >= ${sql.lit(n)} then ${sql.lit(ms)}`);
  return sql<number>`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * Counts one attempt of a login from an address before its password is checked, in one
 * statement, unless the pair must still wait: then nothing is written and undefined is answered.
 * One statement, so attempts sent at once, to one instance or several, cannot all pass the check
 * before any is counted.
 */
export async function countAttempt(
  db: Db,
  attempt: AttemptCount,
): Promise<{ failures: number; locked_until: number } | undefined> {
  const { now, forgetBefore, steps } = attempt;
  // Cast: PostgreSQL would take a bare parameter added to an integer for an integer.
  const at = sql<number>`cast(${now} as bigint)`;
  const counted = sql<number>`(case when sign_in_failures.last_failure_at <= ${forgetBefore}
    then 1 else sign_in_failures.failures + 1 end)`;
  return db
    .insertInto('sign_in_failures')
    .values({
      login_key: attempt.login_key,
      address_key: attempt.address_key,
      failures: 1,
      last_failure_at: now,
      locked_until: sql<number>`${at} + ${waitAfter(sql<number>`1`, steps)}`,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['login_key', 'address_key'])
        .doUpdateSet({
          failures: counted,
          last_failure_at: now,
          locked_until: sql<number>`${at} + ${waitAfter(counted, steps)}`,
        })
        .where('sign_in_failures.locked_until', '<=', now),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
}

/** Until when the pair must wait (0 when it need not). */
export async function lockedUntil(db: Db, loginKey: string, addressKey: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('locked_until')
    .where('login_key', '=', loginKey)
    .where('address_key', '=', addressKey)
    .executeTakeFirst();
  return row?.locked_until ?? 0;
}

/** A success from this address: its failures are forgotten (not those from other addresses). */
export async function deleteFailures(db: Db, loginKey: string, addressKey: string): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where('login_key', '=', loginKey)
    .where('address_key', '=', addressKey)
    .execute();
}

/** A password reset: the failures of these logins from every address are forgotten. */
export async function deleteFailuresOfLogins(db: Db, loginKeys: string[]): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('login_key', 'in', loginKeys).execute();
}

/**
 * Deletes at most `limit` of the rows whose last failure is older than `before`, which nothing
 * reads any more, the oldest first; answers how many went.
 */
export async function deleteForgottenFailures(
  db: Db,
  before: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_failures')
    .where((eb) =>
      eb(
        eb.refTuple('login_key', 'address_key'),
        'in',
        eb
          .selectFrom('sign_in_failures')
          .select(['login_key', 'address_key'])
          .where('last_failure_at', '<', before)
          .orderBy('last_failure_at')
          .limit(limit)
          .$asTuple('login_key', 'address_key'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
