import { z } from 'zod';
/**
 * "Fit to my history" (SCHEDULER.md "Evaluation and fitting"). Reviews are counted as the fit
 * learns from them: every review of a card after its first (the first has nothing to predict).
 */
export declare const studyFitLimits: {
    /** Below this many reviews the current numbers are kept: a fit would follow the noise. */
    readonly minimumReviews: 300;
    /**
     * A longer log is fitted on a sample of whole cards of about this many reviews, so one fit stays
     * within a few seconds; the log losses are still measured on the whole log.
     */
    readonly maximumFittedReviews: 5000;
};
/** The ten numbers of the memory model: the ones a fit proposes. */
export declare const memorySettingNames: readonly ["interceptElevationGain", "amplitudeElevationGain", "decayRateElevationGain", "checkpointAmplitudeCoefficientElevationGain", "checkpointSpanElevationGain", "interceptElevationDepreciation", "amplitudeElevationDepreciation", "decayRateElevationDepreciation", "checkpointAmplitudeCoefficientElevationDepreciation", "checkpointSpanElevationDepreciation"];
export type MemorySettingName = (typeof memorySettingNames)[number];
/** The ten numbers with the bounds of the learning settings. */
export declare const memorySettingsSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type MemorySettings = z.infer<typeof memorySettingsSchema>;
/**
 * POST /api/study/fit (no body): the fit of the memory numbers to the learner's own log. It
 * changes nothing; the learner applies the proposal through POST /api/user/edit.
 */
export declare const studyFitSchema: z.ZodObject<{
    reviewCount: z.ZodNumber;
    minimumReviews: z.ZodNumber;
    enoughHistory: z.ZodBoolean;
    fittedReviewCount: z.ZodNumber;
    logLossBefore: z.ZodNullable<z.ZodNumber>;
    logLossAfter: z.ZodNullable<z.ZodNumber>;
    settings: z.ZodObject<{
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
    }, z.core.$strict>;
}, z.core.$strict>;
export type StudyFit = z.infer<typeof studyFitSchema>;
