import { z } from 'zod';

/**
 * The learner's daily study: how many new cards and reviews a day, and when their day starts (an
 * hour in their own IANA time zone). Bounds are in docs/limits.md.
 */
export const studySettingsLimits = {
  newCardsPerDayMax: 1000,
  reviewsPerDayMax: 10_000,
  timeZoneMax: 64,
} as const;

export const defaultStudySettings = {
  newCardsPerDay: 20,
  reviewsPerDay: 200,
  /** 4 a.m., as Anki: a late evening's study still counts for that day. */
  dayStartHour: 4,
  /** Until the learner's browser tells it (first use) or they choose one. */
  timeZone: 'UTC',
} as const;

/** Whether `name` is an IANA time zone this runtime knows (Intl is the judge, as it computes days). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > studySettingsLimits.timeZoneMax) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` });

export const studySettingsFields = {
  newCardsPerDay: wholeNumber('New cards per day', 0, studySettingsLimits.newCardsPerDayMax),
  reviewsPerDay: wholeNumber('Reviews per day', 0, studySettingsLimits.reviewsPerDayMax),
  dayStartHour: wholeNumber('The hour your day starts', 0, 23),
  timeZone: z
    .string({ error: 'Time zone must be a text' })
    .max(studySettingsLimits.timeZoneMax, {
      error: `Time zone must be at most ${studySettingsLimits.timeZoneMax} characters`,
    })
    .refine(isTimeZone, { error: 'Time zone must be an IANA time zone, such as Europe/Paris' }),
};

/** GET /api/study/settings, and the answer of its edit. */
export const studySettingsSchema = z.strictObject({
  newCardsPerDay: z.number().int(),
  reviewsPerDay: z.number().int(),
  dayStartHour: z.number().int(),
  timeZone: z.string(),
  /** False until the learner's time zone was set (by their browser at first use, or by them). */
  timeZoneSet: z.boolean(),
});
export type StudySettings = z.infer<typeof studySettingsSchema>;

/** POST /api/study/settings: any subset of the four settings. */
export const editStudySettingsBodySchema = z.strictObject({
  newCardsPerDay: studySettingsFields.newCardsPerDay.optional(),
  reviewsPerDay: studySettingsFields.reviewsPerDay.optional(),
  dayStartHour: studySettingsFields.dayStartHour.optional(),
  timeZone: studySettingsFields.timeZone.optional(),
});
export type EditStudySettingsBody = z.infer<typeof editStudySettingsBodySchema>;

/** Where the learner's day stands: what the queue and the summary count against the limits. */
export const studyTodaySchema = z.strictObject({
  /** When the learner's current day started and when the next starts (their hour, their zone). */
  dayStartedAt: z.iso.datetime(),
  nextDayAt: z.iso.datetime(),
  newCardsPerDay: z.number().int(),
  reviewsPerDay: z.number().int(),
  /** Cards studied for the first time today, across all the learner's categories. */
  newStudied: z.number().int(),
  /** Answers today of cards studied before (study ahead included; undone ones not). */
  reviewsDone: z.number().int(),
  /**
   * When the next card becomes available when none is now: the soonest due time, or the next day
   * when today's limits hold cards back; null when there is nothing at all to come.
   */
  nextDueAt: z.iso.datetime().nullable(),
});
export type StudyToday = z.infer<typeof studyTodaySchema>;
