import {
  liveEvent,
  defaultStudySettings,
  type EditStudySettingsBody,
  type StudySettings,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { StudySettingsTable } from '../../db/schema';
import { lockOwner } from '../users/users.service';

type Row = StudySettingsTable | undefined;

const toSettings = (row: Row): StudySettings => ({
  newCardsPerDay: row?.new_cards_per_day ?? defaultStudySettings.newCardsPerDay,
  reviewsPerDay: row?.reviews_per_day ?? defaultStudySettings.reviewsPerDay,
  dayStartHour: row?.day_start_hour ?? defaultStudySettings.dayStartHour,
  timeZone: row?.time_zone ?? defaultStudySettings.timeZone,
  timeZoneSet: (row?.time_zone ?? null) !== null,
});

/** The learner's daily limits and day start; no row yet: the defaults (decision 0025). */
export async function readStudySettings(db: Db, userId: string): Promise<StudySettings> {
  const row = await db
    .selectFrom('study_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toSettings(row);
}

/** GET /api/study/settings */
export function getStudySettings(deps: AppDeps, userId: string): Promise<StudySettings> {
  return readStudySettings(deps.db, userId);
}

/**
 * POST /api/study/settings: one upsert that sets only the fields given, so two edits of different
 * fields at once both hold (no read-modify-write), on both databases.
 */
export async function editStudySettings(
  deps: AppDeps,
  userId: string,
  body: EditStudySettingsBody,
): Promise<StudySettings> {
  const { db } = deps;
  const now = deps.now();
  const changes = {
    ...(body.newCardsPerDay === undefined ? {} : { new_cards_per_day: body.newCardsPerDay }),
    ...(body.reviewsPerDay === undefined ? {} : { reviews_per_day: body.reviewsPerDay }),
    ...(body.dayStartHour === undefined ? {} : { day_start_hour: body.dayStartHour }),
    ...(body.timeZone === undefined ? {} : { time_zone: body.timeZone }),
  };
  // On the owner's row lock: an account deleted meanwhile answers 404, not a foreign-key error.
  await db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    await trx
      .insertInto('study_settings')
      .values({
        user_id: userId,
        new_cards_per_day: defaultStudySettings.newCardsPerDay,
        reviews_per_day: defaultStudySettings.reviewsPerDay,
        day_start_hour: defaultStudySettings.dayStartHour,
        time_zone: null,
        ...changes,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...changes, updated_at: now }),
      )
      .execute();
  });
  deps.live.publish(liveEvent('settings.changed', { scope: 'study', fields: Object.keys(body) }), {
    kind: 'user',
    userId,
  });
  return readStudySettings(db, userId);
}
