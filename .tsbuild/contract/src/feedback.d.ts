import { z } from 'zod';
export declare const feedbackKindSchema: z.ZodEnum<{
    bug: "bug";
    idea: "idea";
    other: "other";
}>;
export declare const feedbackStatusSchema: z.ZodEnum<{
    new: "new";
    read: "read";
    resolved: "resolved";
}>;
/** POST /api/feedback */
export declare const feedbackBodySchema: z.ZodObject<{
    kind: z.ZodEnum<{
        bug: "bug";
        idea: "idea";
        other: "other";
    }>;
    message: z.ZodString;
    page: z.ZodString;
}, z.core.$strict>;
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
export declare const feedbackSchema: z.ZodObject<{
    id: z.ZodString;
    kind: z.ZodEnum<{
        bug: "bug";
        idea: "idea";
        other: "other";
    }>;
    message: z.ZodString;
    page: z.ZodString;
    status: z.ZodEnum<{
        new: "new";
        read: "read";
        resolved: "resolved";
    }>;
    createdAt: z.ZodISODateTime;
}, z.core.$strict>;
export type Feedback = z.infer<typeof feedbackSchema>;
