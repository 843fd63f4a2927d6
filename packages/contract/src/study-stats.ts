import { z } from 'zod';
import { countParam } from './query-params';
import { cardProgressSchema, comboSchema } from './study';
import { directionSchema } from './directions';

export const studyStatsLimits = {
  forecastDaysDefault: 14,
  forecastDaysMax: 60,
  historyLimitDefault: 50,
  historyLimitMax: 200,
} as const;

/** GET /api/study/summary */
export const studySummaryQuerySchema = z.strictObject({
  forecastDays: countParam(
    'forecastDays',
    studyStatsLimits.forecastDaysMax,
    studyStatsLimits.forecastDaysDefault,
  ),
});
export type StudySummaryQuery = z.infer<typeof studySummaryQuerySchema>;

/** One UTC day of the forecast: the cards that fall due on it (overdue ones on the first day). */
export const forecastDaySchema = z.strictObject({
  date: z.iso.date(),
  due: z.number().int(),
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

/**
 * The learner's study at a glance. Days are the learner's (from their day-start hour in their
 * time zone, decision 0025), as for the queue's daily limits; the counts cover the cards the queue studies (own cards and those of categories the learner is a
 * member of).
 */
export const studySummarySchema = z.strictObject({
  /** The learner's date of their current day, in their time zone. */
  today: z.iso.date(),
  /** Whether the queue has any card at all (own, or of a category the learner is a member of). */
  hasCards: z.boolean(),
  /** Due now, up to the reviews left today: what the queue shows first. */
  dueNow: z.number().int(),
  /** Due by the end of today, overdue included (the forecast's first day). */
  dueToday: z.number().int(),
  /** New cards the queue still introduces today (the learner's daily limit, less today's). */
  newToday: z.number().int(),
  /** Reviews answered today that were not undone; "I was right" turns a failure into a success. */
  answeredToday: z.strictObject({
    total: z.number().int(),
    successes: z.number().int(),
    failures: z.number().int(),
  }),
  combo: comboSchema,
  forecast: z.array(forecastDaySchema),
});
export type StudySummary = z.infer<typeof studySummarySchema>;

/** GET /api/cards/{id}/schedule */
export const cardScheduleQuerySchema = z.strictObject({
  historyLimit: countParam(
    'historyLimit',
    studyStatsLimits.historyLimitMax,
    studyStatsLimits.historyLimitDefault,
  ),
});
export type CardScheduleQuery = z.infer<typeof cardScheduleQuerySchema>;

/** One row of a card's review log for the caller (both directions), newest first. */
export const cardHistoryEntrySchema = z.strictObject({
  id: z.string(),
  /** The direction answered (decision 0027). */
  direction: directionSchema,
  /** `review`: an answer; `override`: "I was right" on a review; `undo`: a review taken back. */
  kind: z.enum(['review', 'override', 'undo']),
  /** The review an override or undo acts on (its log id). */
  targetId: z.string().nullable(),
  reviewedAt: z.iso.datetime(),
  guess: z.string(),
  score: z.number(),
  success: z.boolean(),
  elapsedMs: z.number().int(),
  /** A review later taken back by an undo. */
  undone: z.boolean(),
  /** A failed review later counted as a success by "I was right". */
  overridden: z.boolean(),
});
export type CardHistoryEntry = z.infer<typeof cardHistoryEntrySchema>;

/** The caller's schedule of one card in one direction. */
export const directionScheduleSchema = z.strictObject({
  direction: directionSchema,
  /** The card is asked this way now (forward always; reverse as the card and its category say). */
  asked: z.boolean(),
  /** `new`: never studied this way (or every review of it undone). */
  status: z.enum(['new', 'studied']),
  progress: cardProgressSchema.nullable(),
  /** Predicted probability of recall now, R(t) of the memory model; null when new. */
  recall: z.number().min(0).max(1).nullable(),
});
export type DirectionSchedule = z.infer<typeof directionScheduleSchema>;

/** The caller's own schedule of one card and its review history. */
export const cardScheduleSchema = z.strictObject({
  cardId: z.string(),
  /** The forward direction's (as before directions), as in `directions`. */
  status: z.enum(['new', 'studied']),
  progress: cardProgressSchema.nullable(),
  recall: z.number().min(0).max(1).nullable(),
  /**
   * Each direction's schedule: forward first, then reverse when the card is asked that way or
   * was studied that way.
   */
  directions: z.array(directionScheduleSchema),
  history: z.array(cardHistoryEntrySchema),
  /** Every log row of the caller on this card (history holds the newest historyLimit). */
  historyTotal: z.number().int(),
});
export type CardSchedule = z.infer<typeof cardScheduleSchema>;
