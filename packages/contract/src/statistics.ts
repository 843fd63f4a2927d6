import { z } from 'zod';
import { countParam } from './query-params';

export const statisticsLimits = {
  activityDaysDefault: 365,
  activityDaysMax: 366,
  /** An answer's time counts up to this (Anki's "maximum answer seconds" is 60 too). */
  answerTimeCapMs: 60_000,
  /** The interval from which a card is mature, in days (Anki's 21). */
  matureDays: 21,
  bestCombos: 5,
  retentionDays: 30,
  retentionWeeks: 12,
  retentionMonths: 12,
  categories: 50,
} as const;

/** GET /api/stats/activity */
export const statsActivityQuerySchema = z.strictObject({
  days: countParam('days', statisticsLimits.activityDaysMax, statisticsLimits.activityDaysDefault),
});
export type StatsActivityQuery = z.infer<typeof statsActivityQuerySchema>;

/** One learner day with answers. */
export const activityDaySchema = z.strictObject({
  /** The learner's date of the day (it starts at their hour in their time zone). */
  date: z.iso.date(),
  /** Answers not undone, first answers of new cards included. */
  reviews: z.number().int(),
  /** Time spent answering, each answer counted up to a minute. */
  timeMs: z.number().int(),
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const bestComboDaySchema = z.strictObject({
  date: z.iso.date(),
  /** The longest run of consecutive successes the day's answers reached. */
  combo: z.number().int(),
});

/**
 * The learner's answers per day (the heatmap and time spent), their streak of days with answers
 * and the days of their best combos. Days are the learner's, as for the daily limits.
 */
export const statsActivitySchema = z.strictObject({
  today: z.iso.date(),
  /** The first day of the range (today less `days` − 1). */
  from: z.iso.date(),
  /** Only the days of the range with answers, oldest first. */
  days: z.array(activityDaySchema),
  /** Days in a row with answers up to today (or yesterday, while today has none yet). */
  currentStreak: z.number().int(),
  /** The longest run of days with answers ever. */
  bestStreak: z.number().int(),
  totals: z.strictObject({
    reviews: z.number().int(),
    timeMs: z.number().int(),
    activeDays: z.number().int(),
  }),
  /** The days of the highest combos, highest first. */
  bestCombos: z.array(bestComboDaySchema),
});
export type StatsActivity = z.infer<typeof statsActivitySchema>;

/** Answers of due cards in one period: young (interval under 21 days) and mature apart. */
export const retentionPeriodSchema = z.strictObject({
  /** The period's first date: a day, a Monday, or the first of a month. */
  start: z.iso.date(),
  youngPassed: z.number().int(),
  youngFailed: z.number().int(),
  maturePassed: z.number().int(),
  matureFailed: z.number().int(),
});
export type RetentionPeriod = z.infer<typeof retentionPeriodSchema>;

/**
 * True retention as Anki shows it: of the answers given to cards that were due (not new ones, not
 * studied ahead), the share passed, young and mature cards apart; oldest period first.
 */
export const statsRetentionSchema = z.strictObject({
  today: z.iso.date(),
  days: z.array(retentionPeriodSchema),
  weeks: z.array(retentionPeriodSchema),
  months: z.array(retentionPeriodSchema),
});
export type StatsRetention = z.infer<typeof statsRetentionSchema>;

/** The learner's own cards of one category (null: no category) by how far they are learnt. */
export const categoryProgressSchema = z.strictObject({
  categoryId: z.string().nullable(),
  name: z.string().nullable(),
  /** Never studied (forward). */
  new: z.number().int(),
  /** Studied, interval under 21 days. */
  learning: z.number().int(),
  /** Interval of 21 days or more. */
  known: z.number().int(),
});
export type CategoryProgress = z.infer<typeof categoryProgressSchema>;

export const statsCategoriesSchema = z.strictObject({
  /** The categories with the most cards, most first (50 at most). */
  categories: z.array(categoryProgressSchema),
  /** Categories left out of the list. */
  more: z.number().int(),
});
export type StatsCategories = z.infer<typeof statsCategoriesSchema>;
