import {
  defaultSchedulerSettings,
  learningSettingsSchema,
  type LearningSettings,
} from '@glossa/contract';

// Apart from users.service.ts so that the review writer's thread, which reads every learner's
// settings, does not load what accounts need (password hashing, tokens, mail).

/** The settings of a new learner: the scheduler defaults, Spanish → English unless given. */
export const defaultLearningSettings: LearningSettings = {
  isAutodetectLanguageEnabled: true,
  ...defaultSchedulerSettings,
  defaultFromLanguageCode: 'es',
  toLanguageCode: 'en',
};

export const learningSettingNames = learningSettingsSchema.keyof().options;

/**
 * The stored settings JSON, keeping only known keys of the right type; a missing or damaged one
 * falls back to its default, so an old row never breaks UserInfo.
 */
export function readSettings(json: string): LearningSettings {
  const stored: unknown = JSON.parse(json);
  const source: Record<string, unknown> = stored && typeof stored === 'object' ? { ...stored } : {};
  const settings: Record<string, unknown> = { ...defaultLearningSettings };
  for (const name of learningSettingNames) {
    if (typeof source[name] === typeof defaultLearningSettings[name]) settings[name] = source[name];
  }
  return settings as LearningSettings;
}
