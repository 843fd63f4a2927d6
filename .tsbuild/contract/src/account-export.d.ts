import { z } from 'zod';
/**
 * GET /api/user/export: everything the learner owns, as JSON. Later features (cards, categories,
 * progress, reviews) add their sections here.
 */
export declare const accountExportSchema: z.ZodObject<{
    format: z.ZodLiteral<"glossa-export">;
    version: z.ZodLiteral<1>;
    exportedAt: z.ZodISODateTime;
    user: z.ZodObject<{
        id: z.ZodString;
        isFreeloaded: z.ZodBoolean;
        username: z.ZodString;
        email: z.ZodString;
        isAutodetectLanguageEnabled: z.ZodBoolean;
        isReflowAbsolute: z.ZodBoolean;
        reflowValue: z.ZodNumber;
        interceptElevationGain: z.ZodNumber;
        amplitudeElevationGain: z.ZodNumber;
        decayRateElevationGain: z.ZodNumber;
        checkpointAmplitudeCoefficientElevationGain: z.ZodNumber;
        checkpointSpanElevationGain: z.ZodNumber;
        interceptElevationDepreciation: z.ZodNumber;
        amplitudeElevationDepreciation: z.ZodNumber;
        decayRateElevationDepreciation: z.ZodNumber;
        checkpointAmplitudeCoefficientElevationDepreciation: z.ZodNumber;
        checkpointSpanElevationDepreciation: z.ZodNumber;
        checkpointAmplitudeCoefficientPeriodGain: z.ZodNumber;
        checkpointSpanPeriodGain: z.ZodNumber;
        checkpointAmplitudeCoefficientPeriodDepreciation: z.ZodNumber;
        checkpointSpanPeriodDepreciation: z.ZodNumber;
        guessSuccessMinimumScore: z.ZodNumber;
        defaultFromLanguageCode: z.ZodString;
        toLanguageCode: z.ZodString;
        emailVerified: z.ZodBoolean;
        role: z.ZodEnum<{
            user: "user";
            admin: "admin";
        }>;
        createdAt: z.ZodISODateTime;
    }, z.core.$strict>;
    sessions: z.ZodArray<z.ZodObject<{
        tokenId: z.ZodString;
        createdAt: z.ZodISODateTime;
        lastUsedAt: z.ZodISODateTime;
        expiresAt: z.ZodISODateTime;
        userAgent: z.ZodString;
    }, z.core.$strict>>;
    feedback: z.ZodArray<z.ZodObject<{
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
    }, z.core.$strict>>;
    categories: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        toLanguageCode: z.ZodNullable<z.ZodString>;
        createdAt: z.ZodISODateTime;
        name: z.ZodString;
        description: z.ZodString;
        parentId: z.ZodNullable<z.ZodString>;
        visibility: z.ZodEnum<{
            private: "private";
            shared: "shared";
            public: "public";
        }>;
        fromLanguageCode: z.ZodNullable<z.ZodString>;
        updatedAt: z.ZodISODateTime;
        members: z.ZodArray<z.ZodObject<{
            username: z.ZodString;
            role: z.ZodEnum<{
                viewer: "viewer";
                editor: "editor";
            }>;
            addedAt: z.ZodISODateTime;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    cards: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        toLanguageCode: z.ZodString;
        createdAt: z.ZodISODateTime;
        fromLanguageCode: z.ZodString;
        updatedAt: z.ZodISODateTime;
        front: z.ZodString;
        answers: z.ZodArray<z.ZodString>;
        notes: z.ZodString;
        categoryId: z.ZodNullable<z.ZodString>;
    }, z.core.$strict>>;
    progress: z.ZodArray<z.ZodObject<{
        elevation: z.ZodNumber;
        period: z.ZodNumber;
        lapses: z.ZodNumber;
        reps: z.ZodNumber;
        lastReviewAt: z.ZodNullable<z.ZodISODateTime>;
        dueAt: z.ZodNullable<z.ZodISODateTime>;
        suspended: z.ZodBoolean;
        cardId: z.ZodString;
        firstStudiedAt: z.ZodISODateTime;
    }, z.core.$strict>>;
    reviews: z.ZodArray<z.ZodObject<{
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
    }, z.core.$strict>>;
    combo: z.ZodObject<{
        current: z.ZodNumber;
        best: z.ZodNumber;
        bestAt: z.ZodNullable<z.ZodISODateTime>;
    }, z.core.$strict>;
}, z.core.$strict>;
export type AccountExport = z.infer<typeof accountExportSchema>;
