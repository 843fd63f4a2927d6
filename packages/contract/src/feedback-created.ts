import { z } from 'zod';

/** The payload of POST /api/feedback (201): the id of the stored feedback. */
export const feedbackCreatedSchema = z.strictObject({ id: z.string() });
export type FeedbackCreated = z.infer<typeof feedbackCreatedSchema>;
