import { z } from 'zod';
/** The payload of POST /api/feedback (201): the id of the stored feedback. */
export declare const feedbackCreatedSchema: z.ZodObject<{
    id: z.ZodString;
}, z.core.$strict>;
export type FeedbackCreated = z.infer<typeof feedbackCreatedSchema>;
