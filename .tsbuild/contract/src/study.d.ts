import { z } from 'zod';
/** New cards introduced per learner, category and (UTC) day unless the query says otherwise. */
export declare const defaultNewCardsPerDay = 20;
export declare const studyLimits: {
    readonly queueLimitDefault: 50;
    readonly queueLimitMax: 200;
    readonly guessMax: 1000;
};
/** A client-made id of one answer: letters, digits, `_` and `-` (a UUID fits). */
export declare const clientReviewIdSchema: z.ZodString;
/** GET /api/study/queue */
export declare const studyQueueQuerySchema: z.ZodObject<{
    categoryId: z.ZodOptional<z.ZodString>;
    limit: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strict>;
export type StudyQueueQuery = z.infer<typeof studyQueueQuerySchema>;
/** The learner's schedule of one card; null fields until its first review. */
export declare const cardProgressSchema: z.ZodObject<{
    elevation: z.ZodNumber;
    period: z.ZodNumber;
    lapses: z.ZodNumber;
    reps: z.ZodNumber;
    lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
    dueAt: z.ZodNullable<z.ZodISODateTime>;
    suspended: z.ZodBoolean;
}, z.core.$strict>;
export type CardProgress = z.infer<typeof cardProgressSchema>;
export declare const studyQueueItemSchema: z.ZodObject<{
    cardId: z.ZodString;
    categoryId: z.ZodNullable<z.ZodString>;
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodString;
    fromLanguageCode: z.ZodString;
    toLanguageCode: z.ZodString;
    kind: z.ZodEnum<{
        due: "due";
        new: "new";
    }>;
    progress: z.ZodNullable<z.ZodObject<{
        elevation: z.ZodNumber;
        period: z.ZodNumber;
        lapses: z.ZodNumber;
        reps: z.ZodNumber;
        lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
        dueAt: z.ZodNullable<z.ZodISODateTime>;
        suspended: z.ZodBoolean;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type StudyQueueItem = z.infer<typeof studyQueueItemSchema>;
export declare const studyQueueSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        cardId: z.ZodString;
        categoryId: z.ZodNullable<z.ZodString>;
        front: z.ZodString;
        answers: z.ZodArray<z.ZodString>;
        notes: z.ZodString;
        fromLanguageCode: z.ZodString;
        toLanguageCode: z.ZodString;
        kind: z.ZodEnum<{
            due: "due";
            new: "new";
        }>;
        progress: z.ZodNullable<z.ZodObject<{
            elevation: z.ZodNumber;
            period: z.ZodNumber;
            lapses: z.ZodNumber;
            reps: z.ZodNumber;
            lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
            dueAt: z.ZodNullable<z.ZodISODateTime>;
            suspended: z.ZodBoolean;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    dueCount: z.ZodNumber;
    newCount: z.ZodNumber;
}, z.core.$strict>;
export type StudyQueue = z.infer<typeof studyQueueSchema>;
/** POST /api/study/reviews */
export declare const reviewBodySchema: z.ZodObject<{
    cardId: z.ZodString;
    guess: z.ZodString;
    clientReviewId: z.ZodString;
    elapsedMs: z.ZodNumber;
}, z.core.$strict>;
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export declare const comboSchema: z.ZodObject<{
    current: z.ZodNumber;
    best: z.ZodNumber;
    bestAt: z.ZodNullable<z.ZodISODateTime>;
}, z.core.$strict>;
export type Combo = z.infer<typeof comboSchema>;
export declare const diffPartSchema: z.ZodObject<{
    kind: z.ZodEnum<{
        good: "good";
        wrong: "wrong";
        missing: "missing";
        extra: "extra";
        accent: "accent";
    }>;
    text: z.ZodString;
}, z.core.$strict>;
/** The answer of a review, of its override, and of a resubmission of either. */
export declare const reviewResultSchema: z.ZodObject<{
    clientReviewId: z.ZodString;
    cardId: z.ZodString;
    kind: z.ZodEnum<{
        review: "review";
        override: "override";
    }>;
    score: z.ZodNumber;
    success: z.ZodBoolean;
    expected: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    diff: z.ZodArray<z.ZodObject<{
        kind: z.ZodEnum<{
            good: "good";
            wrong: "wrong";
            missing: "missing";
            extra: "extra";
            accent: "accent";
        }>;
        text: z.ZodString;
    }, z.core.$strict>>;
    dueAt: z.ZodISODateTime;
    period: z.ZodNumber;
    combo: z.ZodObject<{
        current: z.ZodNumber;
        best: z.ZodNumber;
        bestAt: z.ZodNullable<z.ZodISODateTime>;
    }, z.core.$strict>;
    reviewedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type ReviewResult = z.infer<typeof reviewResultSchema>;
export declare const reviewIdParamsSchema: z.ZodObject<{
    clientReviewId: z.ZodString;
}, z.core.$strict>;
/** POST /api/study/reviews/{clientReviewId}/undo */
export declare const undoResultSchema: z.ZodObject<{
    clientReviewId: z.ZodString;
    cardId: z.ZodString;
    progress: z.ZodNullable<z.ZodObject<{
        elevation: z.ZodNumber;
        period: z.ZodNumber;
        lapses: z.ZodNumber;
        reps: z.ZodNumber;
        lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
        dueAt: z.ZodNullable<z.ZodISODateTime>;
        suspended: z.ZodBoolean;
    }, z.core.$strict>>;
    combo: z.ZodObject<{
        current: z.ZodNumber;
        best: z.ZodNumber;
        bestAt: z.ZodNullable<z.ZodISODateTime>;
    }, z.core.$strict>;
}, z.core.$strict>;
export type UndoResult = z.infer<typeof undoResultSchema>;
/** The learner's schedule of one card in the account export. */
export declare const exportedProgressSchema: z.ZodObject<{
    elevation: z.ZodNumber;
    period: z.ZodNumber;
    lapses: z.ZodNumber;
    reps: z.ZodNumber;
    lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
    dueAt: z.ZodNullable<z.ZodISODateTime>;
    suspended: z.ZodBoolean;
    cardId: z.ZodString;
    firstStudiedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type ExportedProgress = z.infer<typeof exportedProgressSchema>;
/** One row of the learner's review log in the account export, oldest first. */
export declare const exportedReviewSchema: z.ZodObject<{
    id: z.ZodString;
    clientReviewId: z.ZodString;
    cardId: z.ZodString;
    kind: z.ZodEnum<{
        review: "review";
        override: "override";
        undo: "undo";
    }>;
    targetId: z.ZodNullable<z.ZodString>;
    reviewedAt: z.ZodISODateTime;
    guess: z.ZodString;
    score: z.ZodNumber;
    success: z.ZodBoolean;
    grade: z.ZodNumber;
    elapsedMs: z.ZodNumber;
}, z.core.$strict>;
export type ExportedReview = z.infer<typeof exportedReviewSchema>;
