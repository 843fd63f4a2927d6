import { z } from 'zod';
import { gradeSettingsSchema } from './scheduler-settings';
import { learningSettingsSchema } from './user';
import { memorySettingNames, type MemorySettingName } from './memory-settings';

export { memorySettingNames, type MemorySettingName } from './memory-settings';

/**
 * "Fit to my history" (docs/scheduler.md "Evaluation and fitting"). Reviews are counted as the fit
 * learns from them: every review of a card after its first (the first has nothing to predict).
 */
export const studyFitLimits = {
  /** Below this many reviews the current numbers are kept: a fit would follow the noise. */
  minimumReviews: 300,
  /**
   * A longer log is fitted on a sample of whole cards of about this many reviews, so one fit stays
   * within a few seconds; the log losses are still measured on the whole log.
   */
  maximumFittedReviews: 5000,
} as const;

/** The ten numbers with the bounds of the learning settings. */
export const memorySettingsSchema = learningSettingsSchema.pick(
  Object.fromEntries(memorySettingNames.map((name) => [name, true])) as {
    [Name in MemorySettingName]: true;
  },
);
export type MemorySettings = z.infer<typeof memorySettingsSchema>;

/**
 * POST /api/study/fit (no body): the fit of version 2's seventeen memory numbers to the learner's
 * own log (decision 0030). It changes nothing; the learner applies the ten of UserInfo through
 * POST /api/user/edit and the seven through PUT /api/study/scheduler.
 */
export const studyFitSchema = z.strictObject({
  /** Reviews in the learner's log that a fit learns from (after each card's first). */
  reviewCount: z.number().int(),
  /** studyFitLimits.minimumReviews */
  minimumReviews: z.number().int(),
  enoughHistory: z.boolean(),
  /** Reviews the fit was computed on: all, or a sample of whole cards of a long log; 0 without a fit. */
  fittedReviewCount: z.number().int(),
  /** Mean log loss of the current numbers on the whole log; null when it has no review to score. */
  logLossBefore: z.number().nullable(),
  /**
   * Mean log loss of the proposed numbers on the whole log, never above logLossBefore (when the
   * fit finds nothing better, the proposal is the current numbers); null without enough history.
   */
  logLossAfter: z.number().nullable(),
  /** The proposed numbers (the current ones without enough history), on each setting's step. */
  settings: memorySettingsSchema,
  /** The proposed seven numbers of version 2 (PUT /api/study/scheduler), likewise. */
  gradeSettings: gradeSettingsSchema,
});
export type StudyFit = z.infer<typeof studyFitSchema>;

/**
 * GET /api/study/fit/progress: how the learner's running fit stands (decision 0030), for the
 * settings page to show while POST /api/study/fit runs. `evaluations` counts the replays of the log
 * so far (reported after each optimiser run); not running: 0 and null.
 */
export const studyFitProgressSchema = z.strictObject({
  running: z.boolean(),
  evaluations: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
});
export type StudyFitProgress = z.infer<typeof studyFitProgressSchema>;
