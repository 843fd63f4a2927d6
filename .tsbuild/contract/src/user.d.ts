import { z } from 'zod';
export declare const usernameSchema: z.ZodString;
export declare const emailSchema: z.ZodPipe<z.ZodString, z.ZodEmail>;
/** 8 to 128 characters, no composition rules; the server also refuses the most common ones. */
export declare const passwordSchema: z.ZodString;
/** The password typed to prove it is you: never length-checked beyond the bound. */
export declare const currentPasswordSchema: z.ZodString;
/** The payload of GET /api/user/info: exactly the seed's fields, no more. */
export declare const userInfoSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type UserInfo = z.infer<typeof userInfoSchema>;
/** The learning settings of UserInfo with their bounds, as edited in settings. */
export declare const learningSettingsSchema: z.ZodObject<{
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
}, z.core.$strict>;
export type LearningSettings = z.infer<typeof learningSettingsSchema>;
/** POST /api/user/create */
export declare const createUserBodySchema: z.ZodObject<{
    username: z.ZodString;
    email: z.ZodPipe<z.ZodString, z.ZodEmail>;
    password: z.ZodString;
    defaultFromLanguageCode: z.ZodOptional<z.ZodString>;
    toLanguageCode: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
/**
 * POST /api/user/edit: any subset of the editable UserInfo fields (all but id and isFreeloaded),
 * plus password and currentPassword. Username, e-mail and password changes need currentPassword.
 */
export declare const editUserBodySchema: z.ZodObject<{
    isAutodetectLanguageEnabled: z.ZodOptional<z.ZodBoolean>;
    isReflowAbsolute: z.ZodOptional<z.ZodBoolean>;
    reflowValue: z.ZodOptional<z.ZodNumber>;
    interceptElevationGain: z.ZodOptional<z.ZodNumber>;
    amplitudeElevationGain: z.ZodOptional<z.ZodNumber>;
    decayRateElevationGain: z.ZodOptional<z.ZodNumber>;
    checkpointAmplitudeCoefficientElevationGain: z.ZodOptional<z.ZodNumber>;
    checkpointSpanElevationGain: z.ZodOptional<z.ZodNumber>;
    interceptElevationDepreciation: z.ZodOptional<z.ZodNumber>;
    amplitudeElevationDepreciation: z.ZodOptional<z.ZodNumber>;
    decayRateElevationDepreciation: z.ZodOptional<z.ZodNumber>;
    checkpointAmplitudeCoefficientElevationDepreciation: z.ZodOptional<z.ZodNumber>;
    checkpointSpanElevationDepreciation: z.ZodOptional<z.ZodNumber>;
    checkpointAmplitudeCoefficientPeriodGain: z.ZodOptional<z.ZodNumber>;
    checkpointSpanPeriodGain: z.ZodOptional<z.ZodNumber>;
    checkpointAmplitudeCoefficientPeriodDepreciation: z.ZodOptional<z.ZodNumber>;
    checkpointSpanPeriodDepreciation: z.ZodOptional<z.ZodNumber>;
    guessSuccessMinimumScore: z.ZodOptional<z.ZodNumber>;
    defaultFromLanguageCode: z.ZodOptional<z.ZodString>;
    toLanguageCode: z.ZodOptional<z.ZodString>;
    username: z.ZodOptional<z.ZodString>;
    email: z.ZodOptional<z.ZodPipe<z.ZodString, z.ZodEmail>>;
    password: z.ZodOptional<z.ZodString>;
    currentPassword: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type EditUserBody = z.infer<typeof editUserBodySchema>;
/** The payload of POST /api/user/edit: new tokens when the change rotated the security stamp. */
export declare const editUserResponseSchema: z.ZodObject<{
    access: z.ZodNullable<z.ZodString>;
    refresh: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type EditUserResponse = z.infer<typeof editUserResponseSchema>;
