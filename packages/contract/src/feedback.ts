import { z } from 'zod';
import { requiredString } from './required-string';

/** What a learner sends from the feedback dialog. */
export const feedbackKindSchema = z.enum(['bug', 'idea', 'other']);
/** What the admins read: the dialog's kinds, and reports of a public deck (explore). */
export const storedFeedbackKindSchema = z.enum([...feedbackKindSchema.options, 'report']);
export const feedbackStatusSchema = z.enum(['new', 'read', 'resolved']);

/** POST /api/feedback */
export const feedbackBodySchema = z.strictObject({
  kind: feedbackKindSchema,
  message: requiredString('Message')
    .trim()
    .min(1, { error: 'Message is required' })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
  page: z.string().max(2048, { error: 'Page must be at most 2048 characters' }),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const feedbackSchema = z.strictObject({
  id: z.string(),
  kind: storedFeedbackKindSchema,
  message: z.string(),
  page: z.string(),
  status: feedbackStatusSchema,
  createdAt: z.iso.datetime(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
