import { liveEvent, type GradeSettings } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { lockOwner } from '../users/users.service';
import { toGradeSettings } from './study-state';

// The seven numbers version 2 of the memory model adds, the learner's own beside UserInfo's fourteen
// (docs/decisions/0030-scheduler-v2-server.md). No row: the defaults.

const toColumns = (settings: GradeSettings) => ({
  initial_elevation_missed: settings.initialElevationMissed,
  initial_elevation_close: settings.initialElevationClose,
  initial_elevation_exact: settings.initialElevationExact,
  initial_elevation_quick: settings.initialElevationQuick,
  close_gain_factor: settings.closeGainFactor,
  quick_gain_factor: settings.quickGainFactor,
  first_miss_difficulty: settings.firstMissDifficulty,
});

/** The learner's seven numbers. */
export async function readGradeSettings(db: Db, userId: string): Promise<GradeSettings> {
  const row = await db
    .selectFrom('scheduler_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toGradeSettings(row);
}

/** GET /api/study/scheduler */
export function getGradeSettings(deps: AppDeps, userId: string): Promise<GradeSettings> {
  return readGradeSettings(deps.db, userId);
}

/**
 * PUT /api/study/scheduler: all seven at once (the body's schema checked each bound), one upsert on
 * the owner's row lock (an account deleted meanwhile answers 404, not a foreign-key error).
 */
export async function putGradeSettings(
  deps: AppDeps,
  userId: string,
  body: GradeSettings,
): Promise<GradeSettings> {
  const now = deps.now();
  const columns = toColumns(body);
  await deps.db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    await trx
      .insertInto('scheduler_settings')
      .values({ user_id: userId, ...columns, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...columns, updated_at: now }),
      )
      .execute();
  });
  // The learner's other tabs and devices read them again (decision 0032).
  deps.live.publish(liveEvent('settings.changed', { scope: 'study', fields: Object.keys(body) }), {
    kind: 'user',
    userId,
  });
  return readGradeSettings(deps.db, userId);
}
