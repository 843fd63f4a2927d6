import { z } from 'zod';
import { sessionSchema } from './auth';
import { exportedCardSchema } from './cards';
import { exportedCategorySchema } from './categories';
import { feedbackSchema } from './feedback';
import { comboSchema, exportedProgressSchema, exportedReviewSchema } from './study';
import { studySettingsSchema } from './study-settings';
import { userInfoSchema } from './user';

/**
 * GET /api/user/export: everything the learner owns, as JSON. Later features (cards, categories,
 * progress, reviews) add their sections here.
 */
export const accountExportSchema = z.strictObject({
  format: z.literal('glossa-export'),
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  user: userInfoSchema.extend({
    emailVerified: z.boolean(),
    role: z.enum(['user', 'admin']),
    createdAt: z.iso.datetime(),
  }),
  sessions: z.array(sessionSchema.omit({ current: true })),
  feedback: z.array(feedbackSchema),
  categories: z.array(exportedCategorySchema),
  cards: z.array(exportedCardSchema),
  progress: z.array(exportedProgressSchema),
  reviews: z.array(exportedReviewSchema),
  combo: comboSchema,
  /** The learner's daily limits and day start (decision 0025). */
  studySettings: studySettingsSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
