import { z } from 'zod';
import { requiredString } from './required-string';
import { countParam } from './query-params';
import { idSchema } from './categories';
import { scoredLength } from './answer-text';
import { studyTodaySchema } from './study-settings';
import { directionSchema } from './directions';
import { studyLimits } from './study-limits';

export { studyLimits } from './study-limits';

/** A client-made id of one answer: letters, digits, `_` and `-` (a UUID fits). */
export const clientReviewIdSchema = requiredString('clientReviewId')
  .min(8, { error: 'clientReviewId must be at least 8 characters' })
  .max(64, { error: 'clientReviewId must be at most 64 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'clientReviewId may hold letters, digits, _ and -' });

/** GET /api/study/queue */
export const studyQueueQuerySchema = z.strictObject({
  categoryId: idSchema.optional(),
  limit: countParam('limit', studyLimits.queueLimitMax, studyLimits.queueLimitDefault),
  /**
   * `study` (default): due cards, then new ones, within the learner's daily limits. `ahead`: the
   * cards due soonest that are not due yet (answered as reviews, they count as reviews). `practise`:
   * the learner's studied cards, soonest due first, to go through without answering to the server.
   */
  mode: z
    .enum(['study', 'ahead', 'practise'], { error: 'mode must be study, ahead or practise' })
    .default('study'),
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
  /**
   * Which way it is asked (decision 0027): `forward` shows the front and takes an answer,
   * `reverse` shows the answers and takes the front, scored in the from-language. Each direction
   * of a card is its own item with its own schedule; a queue never holds both of one card, nor
   * one whose other direction was answered in the learner's day. Absent from a queue kept by an
   * older version: forward.
   */
  direction: directionSchema.default('forward'),
  /** `due`: studied before and due now; `new`: never studied by this learner (this way). */
  kind: z.enum(['due', 'new']),
  progress: cardProgressSchema.nullable(),
});
export type StudyQueueItem = z.infer<typeof studyQueueItemSchema>;

export const studyQueueSchema = z.strictObject({
  items: z.array(studyQueueItemSchema),
  /**
   * Due items in scope still to study today (all of them, not only those in items): each
   * direction of a card counts, less those buried by an answer of the other direction today.
   */
  dueCount: z.number().int(),
  /** New items still allowed today in scope (bounded by the learner's daily limit). */
  newCount: z.number().int(),
  /** The learner's day against their limits (absent from a queue kept by an older version). */
  today: studyTodaySchema.optional(),
});
export type StudyQueue = z.infer<typeof studyQueueSchema>;

/** POST /api/study/reviews */
export const reviewBodySchema = z.strictObject({
  cardId: idSchema,
  /** The direction answered (the queue item's); absent: forward. */
  direction: directionSchema.optional(),
  guess: requiredString('guess').refine(
    (guess) =>
      guess.length <= studyLimits.guessUnitsMax && scoredLength(guess) <= studyLimits.guessMax,
    { error: `guess must be at most ${studyLimits.guessMax} characters` },
  ),
  clientReviewId: clientReviewIdSchema,
  elapsedMs: z
    .number({ error: 'elapsedMs must be a number' })
    .int({ error: 'elapsedMs must be a whole number' })
    .min(0, { error: 'elapsedMs must be at least 0' })
    .max(86_400_000, { error: 'elapsedMs must be at most one day' }),
  /**
   * When the learner answered, by the device's clock, for an answer sent later than it was given
   * (offline): the card is scheduled from then. Absent: when the server receives it.
   */
  answeredAt: z.iso
    .datetime({ error: 'answeredAt must be a date and time in UTC (ISO 8601)' })
    .optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const comboSchema = z.strictObject({
  current: z.number().int(),
  best: z.number().int(),
  bestAt: z.iso.datetime().nullable(),
});
export type Combo = z.infer<typeof comboSchema>;

/**
 * One grapheme of the answer compared: `text` is the expected grapheme (the typed one when
 * `extra`); a `wrong` or `accent` part also carries what was `typed` in its place.
 */
export const diffPartSchema = z.strictObject({
  kind: z.enum(['good', 'wrong', 'missing', 'extra', 'accent']),
  text: z.string(),
  typed: z.string().optional(),
});

/**
 * A typing convention the scorer read in the guess (docs/decisions/0029): what was typed for what
 * the answer writes ("ae for ä"), free or a quarter of an edit per word.
 */
export const appliedConventionSchema = z.strictObject({
  kind: z.enum([
    'transcription',
    'ligature',
    'letter-form',
    'vowel-marks',
    'apostrophe',
    'kana',
    'chinese-script',
    'regional-spelling',
  ]),
  detail: z.string(),
  cost: z.enum(['free', 'quarter']),
});
export type AppliedConvention = z.infer<typeof appliedConventionSchema>;

/** A grade: 1 missed, 2 close, 3 exact, 4 exact and quick (docs/scheduler.md "Grades"). */
export const gradeSchema = z
  .number({ error: 'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)' })
  .int({ error: 'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)' })
  .min(1, { error: 'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)' })
  .max(4, { error: 'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)' });

/**
 * POST /api/study/reviews/{clientReviewId}/override: no body (or {}) is "I was right" on a failed
 * review (close, grade 2); a `grade` sets the review's grade, failed or not (decision 0030).
 */
export const overrideBodySchema = z.strictObject({ grade: gradeSchema.optional() }).nullish();
export type OverrideBody = z.infer<typeof overrideBodySchema>;

/** The answer of a review, of its override, and of a resubmission of either. */
export const reviewResultSchema = z.strictObject({
  clientReviewId: z.string(),
  cardId: z.string(),
  /** The direction answered: `expected` and `answers` are the front for a reverse one. */
  direction: directionSchema.default('forward'),
  kind: z.enum(['review', 'override']),
  score: z.number(),
  success: z.boolean(),
  /**
   * The answer's grade (decision 0030): 1 missed, 2 close, 3 exact, 4 exact and quick; an
   * override's is the one chosen.
   */
  grade: gradeSchema,
  /** The accepted variant closest to the guess, and the card's accepted answers. */
  expected: z.string(),
  answers: z.array(z.string()),
  diff: z.array(diffPartSchema),
  /** The typing conventions read in the guess; absent from answers scored before them. */
  conventions: z.array(appliedConventionSchema).optional(),
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
  direction: directionSchema.default('forward'),
  /** The card's schedule as before the undone review; null when it was new again. */
  progress: cardProgressSchema.nullable(),
  combo: comboSchema,
});
export type UndoResult = z.infer<typeof undoResultSchema>;

/** The learner's schedule of one card in the account export. */
export const exportedProgressSchema = cardProgressSchema.extend({
  cardId: z.string(),
  direction: directionSchema,
  firstStudiedAt: z.iso.datetime(),
});
export type ExportedProgress = z.infer<typeof exportedProgressSchema>;

/** One row of the learner's review log in the account export, oldest first. */
export const exportedReviewSchema = z.strictObject({
  id: z.string(),
  clientReviewId: z.string(),
  cardId: z.string(),
  direction: directionSchema,
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
