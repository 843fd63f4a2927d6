import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Counts one more hit of `key` in its fixed window and answers the count and when the window
 * started: a window that began at or before `staleBefore` starts over at `now` with this hit. One
 * statement (an upsert), so concurrent hits on any instance are all counted.
 */
export async function countHit(
  db: Db,
  key: string,
  now: number,
  staleBefore: number,
): Promise<{ count: number; windowStart: number }> {
  const stale = sql<boolean>`rate_counters.window_start <= ${staleBefore}`;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${stale} then 1 else rate_counters.count + 1 end`,
        window_start: sql<number>`case when ${stale} then ${now} else rate_counters.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/**
 * Deletes at most `limit` of the counters whose window started before `before` (every window is
 * over by then), the oldest first; answers how many went.
 */
export async function deleteCountersBefore(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_counters')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('rate_counters')
        .select('key')
        .where('window_start', '<', before)
        .orderBy('window_start')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
