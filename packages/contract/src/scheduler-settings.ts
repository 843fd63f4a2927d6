import { z } from 'zod';
import {
  boundsMessage,
  gradeNumberSettings,
  gradeSettingNames,
  schedulerNumberSettings,
  type GradeSettingName,
  type SchedulerNumberSetting,
} from './scheduler-defaults';

export * from './scheduler-defaults';

/** A scheduler number within its bounds; the path names the field. */
export function boundedNumber(name: SchedulerNumberSetting) {
  const message = boundsMessage(schedulerNumberSettings[name]);
  const { min, max } = schedulerNumberSettings[name];
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const gradeNumber = (name: GradeSettingName) => {
  const message = boundsMessage(gradeNumberSettings[name]);
  const { min, max } = gradeNumberSettings[name];
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
};

/** GET /api/study/scheduler, PUT's body and its answer: all seven, each within its bounds. */
export const gradeSettingsSchema = z.strictObject(
  Object.fromEntries(gradeSettingNames.map((name) => [name, gradeNumber(name)])) as Record<
    GradeSettingName,
    ReturnType<typeof gradeNumber>
  >,
);
