import { z } from 'zod';
export declare const studyStatsLimits: {
    readonly forecastDaysDefault: 14;
    readonly forecastDaysMax: 60;
    readonly historyLimitDefault: 50;
    readonly historyLimitMax: 200;
};
/** GET /api/study/summary */
export declare const studySummaryQuerySchema: z.ZodObject<{
    forecastDays: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strict>;
export type StudySummaryQuery = z.infer<typeof studySummaryQuerySchema>;
/** One UTC day of the forecast: the cards that fall due on it (overdue ones on the first day). */
export declare const forecastDaySchema: z.ZodObject<{
    date: z.ZodISODate;
    due: z.ZodNumber;
}, z.core.$strict>;
export type ForecastDay = z.infer<typeof forecastDaySchema>;
/**
 * The learner's study at a glance. Days are UTC days, as for the queue's new cards per day; the
 * counts cover the cards the queue studies (own cards and those of categories the learner is a
 * member of).
 */
export declare const studySummarySchema: z.ZodObject<{
    today: z.ZodISODate;
    hasCards: z.ZodBoolean;
    dueNow: z.ZodNumber;
    dueToday: z.ZodNumber;
    newToday: z.ZodNumber;
    answeredToday: z.ZodObject<{
        total: z.ZodNumber;
        successes: z.ZodNumber;
        failures: z.ZodNumber;
    }, z.core.$strict>;
    combo: z.ZodObject<{
        current: z.ZodNumber;
        best: z.ZodNumber;
        bestAt: z.ZodNullable<z.ZodISODateTime>;
    }, z.core.$strict>;
    forecast: z.ZodArray<z.ZodObject<{
        date: z.ZodISODate;
        due: z.ZodNumber;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type StudySummary = z.infer<typeof studySummarySchema>;
/** GET /api/cards/{id}/schedule */
export declare const cardScheduleQuerySchema: z.ZodObject<{
    historyLimit: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strict>;
export type CardScheduleQuery = z.infer<typeof cardScheduleQuerySchema>;
/** One row of a card's review log for the caller, newest first. */
export declare const cardHistoryEntrySchema: z.ZodObject<{
    id: z.ZodString;
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
    elapsedMs: z.ZodNumber;
    undone: z.ZodBoolean;
    overridden: z.ZodBoolean;
}, z.core.$strict>;
export type CardHistoryEntry = z.infer<typeof cardHistoryEntrySchema>;
/** The caller's own schedule of one card and its review history. */
export declare const cardScheduleSchema: z.ZodObject<{
    cardId: z.ZodString;
    status: z.ZodEnum<{
        new: "new";
        studied: "studied";
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
    recall: z.ZodNullable<z.ZodNumber>;
    history: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
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
        elapsedMs: z.ZodNumber;
        undone: z.ZodBoolean;
        overridden: z.ZodBoolean;
    }, z.core.$strict>>;
    historyTotal: z.ZodNumber;
}, z.core.$strict>;
export type CardSchedule = z.infer<typeof cardScheduleSchema>;
