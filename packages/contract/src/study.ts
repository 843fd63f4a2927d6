import { z } from 'zod';
import { requiredString } from './required-string';
import { countParam } from './query-params';
import { idSchema } from './categories';

/** New cards introduced per learner, category and (UTC) day unless the query says otherwise. */
export const defaultNewCardsPerDay = 20;
export const studyLimits = { queueLimitDefault: 50, queueLimitMax: 200, guessMax: 1000 } as const;

/** A client-made id of one answer: letters, digits, `_` and `-` (a UUID fits). */
export const clientReviewIdSchema = requiredString('clientReviewId')
  .min(8, { error: 'clientReviewId must be at least 8 characters' })
  .max(64, { error: 'clientReviewId must be at most 64 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'clientReviewId may hold letters, digits, _ and -' });

/** GET /api/study/queue */
export const studyQueueQuerySchema = z.strictObject({
  categoryId: idSchema.optional(),
  limit: countParam('limit', studyLimits.queueLimitMax, studyLimits.queueLimitDefault),
});
export type StudyQueueQuery = z.infer<typeof studyQueueQuerySchema>;

/** The learner's schedule of one card; null fields until its first review. */
export const cardProgressSchema = z.strictObject({
  elevation: z.number(),
  period: z.number(),
  lapses: z.number().int(),
  reps: z.number().int(),
  lastReviewAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  suspended: z.boolean(),
});
export type CardProgress = z.infer<typeof cardProgressSchema>;

export const studyQueueItemSchema = z.strictObject({
  cardId: z.string(),
  categoryId: z.string().nullable(),
  front: z.string(),
  /** The accepted answers, so an answer given offline can be scored on the device. */
  answers: z.array(z.string()),
  notes: z.string(),
  fromLanguageCode: z.string(),
  toLanguageCode: z.string(),
  /** `due`: studied before and due now; `new`: never studied by this learner. */
  kind: z.enum(['due', 'new']),
  progress: cardProgressSchema.nullable(),
});
export type StudyQueueItem = z.infer<typeof studyQueueItemSchema>;

export const studyQueueSchema = z.strictObject({
  items: z.array(studyQueueItemSchema),
  /** Due cards in scope (all of them, not only those in items). */
  dueCount: z.number().int(),
  /** New cards still allowed today in scope (bounded by the per-category daily limit). */
  newCount: z.number().int(),
});
export type StudyQueue = z.infer<typeof studyQueueSchema>;

/** POST /api/study/reviews */
export const reviewBodySchema = z.strictObject({
  cardId: idSchema,
  guess: requiredString('guess').max(studyLimits.guessMax, {
    error: `guess must be at most ${studyLimits.guessMax} characters`,
  }),
  clientReviewId: clientReviewIdSchema,
  elapsedMs: z
    .number({ error: 'elapsedMs must be a number' })
    .int({ error: 'elapsedMs must be a whole number' })
    .min(0, { error: 'elapsedMs must be at least 0' })
    .max(86_400_000, { error: 'elapsedMs must be at most one day' }),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const comboSchema = z.strictObject({
  current: z.number().int(),
  best: z.number().int(),
  bestAt: z.iso.datetime().nullable(),
});
export type Combo = z.infer<typeof comboSchema>;

export const diffPartSchema = z.strictObject({
  kind: z.enum(['good', 'wrong', 'missing', 'extra', 'accent']),
  text: z.string(),
});

/** The answer of a review, of its override, and of a resubmission of either. */
export const reviewResultSchema = z.strictObject({
  clientReviewId: z.string(),
  cardId: z.string(),
  kind: z.enum(['review', 'override']),
  score: z.number(),
  success: z.boolean(),
  /** The accepted variant closest to the guess, and the card's accepted answers. */
  expected: z.string(),
  answers: z.array(z.string()),
  diff: z.array(diffPartSchema),
  dueAt: z.iso.datetime(),
  period: z.number(),
  combo: comboSchema,
  reviewedAt: z.iso.datetime(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

export const reviewIdParamsSchema = z.strictObject({ clientReviewId: clientReviewIdSchema });

/** POST /api/study/reviews/{clientReviewId}/undo */
export const undoResultSchema = z.strictObject({
  clientReviewId: z.string(),
  cardId: z.string(),
  /** The card's schedule as before the undone review; null when it was new again. */
  progress: cardProgressSchema.nullable(),
  combo: comboSchema,
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/** The learner's schedule of one card in the account export. */
export const exportedProgressSchema = cardProgressSchema.extend({
  cardId: z.string(),
  firstStudiedAt: z.iso.datetime(),
});
export type ExportedProgress = z.infer<typeof exportedProgressSchema>;

/** One row of the learner's review log in the account export, oldest first. */
export const exportedReviewSchema = z.strictObject({
  id: z.string(),
  clientReviewId: z.string(),
  cardId: z.string(),
  kind: z.enum(['review', 'override', 'undo']),
  /** The review an override or undo acts on (its log id). */
  targetId: z.string().nullable(),
  reviewedAt: z.iso.datetime(),
  guess: z.string(),
  score: z.number(),
  success: z.boolean(),
  grade: z.number().int(),
  elapsedMs: z.number().int(),
});
export type ExportedReview = z.infer<typeof exportedReviewSchema>;
